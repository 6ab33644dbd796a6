"""Network play (issue 26): the protocol's messages (:mod:`.protocol`), a table's server, the
only referee (:mod:`.server`), and a seat's table over the connection (:mod:`.client`).

Below ``app``, beside ``words``: the server sends facts (codes and data), never sentences."""
