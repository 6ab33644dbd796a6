"""The program: one seat at the table (session), the console, play and the command line."""
