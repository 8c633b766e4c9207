"""A stand-alone generated credential beside a line another detector redacts (two unrelated
credentials on consecutive lines, a prefixed one and a bare one) is judged as it is alone: the
neighbour is a credential, not a line of an armored base64 body, and a second pass that reads it
as a placeholder must find nothing left to redact (`generated_tokens._armored`)."""

from __future__ import annotations

import base64
import random
import string

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks

_ALNUM = string.ascii_letters + string.digits


def test_a_bare_credential_beside_a_prefixed_one_is_judged_as_alone(redactor: Redactor) -> None:
    check = Checks(redactor)
    caught = 0
    for seed in range(16):
        rng = random.Random(seed)
        pat = "github_pat_11" + "".join(rng.choices(_ALNUM, k=20)) + "_" + "".join(rng.choices(_ALNUM, k=59))
        bare = "".join(rng.choices(_ALNUM, k=40))
        alone = bare not in check.redacted(f"{bare}\n")
        caught += alone
        for text in (f"{pat}\n{bare}\n", f"{bare}\n{pat}\n", f"tokens:\n  - {pat}\n  - {bare}\n"):
            out = check.redacted(text)  # idempotent, too
            assert pat not in out and (bare not in out) == alone, out
    assert caught >= 8  # the generated-token detector does take most such runs alone


def test_an_armored_public_body_stays_whole(redactor: Redactor) -> None:
    """The rule the fix narrows still holds: consecutive base64 lines nobody else redacts are a public
    body (a certificate's, a signature's) and stay."""
    rng = random.Random(31)
    lines = [base64.b64encode(bytes(rng.randrange(256) for _ in range(48))).decode() for _ in range(4)]
    Checks(redactor).kept("Signature (detached, public):\n" + "\n".join(lines) + "\n")


def test_a_credential_after_a_truncated_block_is_judged_as_alone(redactor: Redactor) -> None:
    """A block pasted without its END line (`...` in its place) ends at its first line that is no body
    or header line: a bare credential further down the message is no line of it, redacted on the first
    pass as it is alone (it was left for the second pass once the block was a placeholder)."""
    check = Checks(redactor)
    caught = 0
    for seed in range(12):
        rng = random.Random(100 + seed)
        bare = "".join(rng.choices(_ALNUM, k=40))
        if bare in check.redacted(f"{bare}\n"):
            continue  # (judged public alone: nothing to compare)
        caught += 1
        body = base64.b64encode(bytes(rng.randrange(256) for _ in range(45))).decode()
        for head in ("-----BEGIN OPENSSH PRIVATE KEY-----", "-----BEGIN CERTIFICATE-----"):
            for text in (
                f'KEY="{head}\n{body}\n..."\n\nthe deploy step then uses:\n  {bare}\n',
                f"{head}\\n{body}\\n...\\n\\nand the token\\n{bare}\\n",
            ):
                assert bare not in check.redacted(text), text  # (`redacted` asserts idempotence too)
    assert caught >= 8


def test_a_truncated_public_block_keeps_its_body(redactor: Redactor) -> None:
    """The body lines of a certificate pasted without its END line are still its own (kept whole)."""
    rng = random.Random(7)
    lines = [base64.b64encode(bytes(rng.randrange(256) for _ in range(48))).decode() for _ in range(3)]
    text = "-----BEGIN CERTIFICATE-----\nProc-Type: 4,ENCRYPTED\n\n" + "\n".join(lines) + "\n...\n"
    out = Checks(redactor).redacted(text)
    assert all(line in out for line in lines), out
