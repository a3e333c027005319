#!/bin/sh
# Stands for cargo in the language server's tests of a rebuild: writes its
# pid to $CARGO_PID, says on stderr, as cargo's progress bar does, that it
# has built 3 of 12 units, then waits as a long build would, so a test sees
# whether the server stops it.
echo $$ > "$CARGO_PID"
printf '   Compiling rules v0.1.0\n    Building [==>    ] 3/12: rules\r' >&2
exec sleep 60
