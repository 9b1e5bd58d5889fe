"""The check's verdict line, a message of its own: `printgen kit --lang fr` says it in French, and
`printgen serve` reads the count back from the kit's output in any language (a light module to import)."""

from printgen.i18n import N_

AGREE = N_("check: %(count)s documents agree with the rules and the fleet")
