"""TLS at a table (issue 26, item 3): the host's certificate is checked against the invite
code's tag before anything is sent; a table whose certificate is another's gets nothing."""

from __future__ import annotations

import time

import pytest

from spoken_cribbage.engine import game as g
from spoken_cribbage.net import tls
from spoken_cribbage.net.client import RemoteTable
from spoken_cribbage.net.tls import CertificateMismatch
from testkit.net_support import CODE, play_out, running, table


@pytest.fixture(scope="module")
def certificate(tmp_path_factory):
    return tls.host_certificate(tmp_path_factory.mktemp("cert"))


def test_a_person_plays_a_whole_game_over_tls_with_the_code_that_names_the_certificate(certificate):
    cert, key = certificate
    referee = table(2, computers=(1,), seed=6, target=61)
    with running(referee, tls.server_context(cert, key)) as address:
        assert address.startswith("wss://")
        remote = RemoteTable.join(address, tls.invite_code(CODE, cert), "Lena")
        heard = play_out(remote, 3, time.monotonic() + 30)
        remote.close()
    assert referee.game.phase == g.GAME_OVER and heard == referee.game.events_for(0)


def test_another_certificate_than_the_codes_gets_nothing_not_even_the_hello(certificate, tmp_path):
    cert, key = certificate
    other, _ = tls.host_certificate(tmp_path)
    referee = table(2, computers=(1,))
    with running(referee, tls.server_context(cert, key)) as address:
        with pytest.raises(CertificateMismatch):
            RemoteTable.join(address, tls.invite_code(CODE, other), "Lena")
        with pytest.raises(CertificateMismatch):   # over TLS a code without its tag is refused
            RemoteTable.join(address, CODE, "Lena")
        time.sleep(0.1)
    assert referee.names == ["", ""] and referee.refused == 0


def test_the_certificate_is_made_once_and_its_tag_is_short_and_stable(tmp_path):
    first = tls.host_certificate(tmp_path)
    tag = tls.invite_code("ABC234", first[0]).split("-")[1]
    assert tls.host_certificate(tmp_path) == first
    assert tls.invite_code("ABC234", first[0]) == f"ABC234-{tag}" and len(tag) == 8
    assert tls.split_code(f" abc234-{tag.lower()} ") == ("ABC234", tag)
