"""For the tests that send Ctrl-C to a printgen they start: the child answers it whatever the test
process inherited (a test worker may hold SIGINT blocked or ignored: xdist, or the pool threads an
earlier test left; both pass through fork and exec). POSIX only, as those tests are."""

from __future__ import annotations

import signal


def answered() -> None:
    """Popen's preexec_fn: Ctrl-C and SIGTERM neither held nor ignored in the child."""
    if hasattr(signal, "pthread_sigmask"):          # .ci/portable takes it away, as Windows lacks it
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
