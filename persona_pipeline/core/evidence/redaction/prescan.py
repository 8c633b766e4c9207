"""One RE2 search per text for the rare gates of the personal-data modules (issue 17).

`device_ids`, `immigration_ids` and `wallets` each asked RE2 a question of the whole text before
their real work (an IMEI or VIN label, an immigration word, an EVM address), each a pass over every
text at ~1.7 ns a byte; most texts hold none of them. One search of the patterns' alternation
answers "does any of them match somewhere" in one pass at the cost of one (their DFAs are small
tries of words; a counted run as long as a bech32 address's multiplied it, so that scan stays
alone), and a text where none does skips all three.

Exactness. An alternation matches somewhere exactly when one of its members does, and a member is
the module's own gate or candidate pattern: where the search finds nothing, each module's own scan
would have found nothing; where it finds something, every module runs its own scan as before (a
shared answer only says "maybe" for a module whose member did not match). The search reads the
fold of the same text the modules scan (pii's Set blanks placeholders for its own detectors).
"""

from __future__ import annotations

from persona_pipeline.core.evidence.redaction.matching import Prepared, Rx

_PATTERNS: list[str] = []
_RX: Rx | None = None
# the last plain `str` asked about, with its answer (the modules ask in turn about one text; a
# prepared text keeps its answer on itself); each answer is kept with the member count it was
# given for, so a module imported later (a test importing one module first) is never skipped
_last: tuple[str, int, bool] | None = None


def member(pattern: str) -> None:
    """Add a module's gate pattern to the shared search (at its import)."""
    global _RX
    _PATTERNS.append(pattern)
    _RX = None


def any_open(text: str) -> bool:
    """Whether any member matches somewhere in `text` (where none does, no member's module finds
    anything; where one does, each module runs its own exact scan)."""
    global _RX, _last
    n = len(_PATTERNS)
    cached = getattr(text, "personal_gate", None)
    if cached is not None and cached[0] == n:
        return cached[1]  # type: ignore[no-any-return]
    if _last is not None and _last[0] is text and _last[1] == n:
        return _last[2]
    if _RX is None:
        _RX = Rx("|".join(f"(?:{p})" for p in _PATTERNS))
    out = _RX.search(text) is not None
    if isinstance(text, Prepared):
        text.personal_gate = (n, out)  # type: ignore[attr-defined]
    else:
        _last = (text, n, out)
    return out
