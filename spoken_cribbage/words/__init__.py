"""Every sentence a player reads or hears, by verbosity."""
