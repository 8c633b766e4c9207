"""Round 11's personal-data kinds: wallet addresses, device and vehicle ids, handles (own values)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import pytest

from persona_pipeline.core.evidence.redaction import wallets
from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.timing import assert_linear

_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _b58check(version: bytes, payload: bytes) -> str:
    body = version + payload
    raw = body + hashlib.sha256(hashlib.sha256(body).digest()).digest()[:4]
    n, out = int.from_bytes(raw, "big"), ""
    while n:
        n, r = divmod(n, 58)
        out = _B58[r] + out
    return "1" * (len(raw) - len(raw.lstrip(b"\0"))) + out


def _bech32(hrp: str, version: int, program: bytes, const: int) -> str:
    acc, bits, data = 0, 0, [version]
    for b in program:
        acc, bits = acc << 8 | b, bits + 8
        while bits >= 5:
            bits -= 5
            data.append(acc >> bits & 31)
    if bits:
        data.append(acc << (5 - bits) & 31)
    gen = (0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)

    def polymod(values: list[int]) -> int:
        chk = 1
        for v in values:
            top = chk >> 25
            chk = (chk & 0x1FFFFFF) << 5 ^ v
            for i in range(5):
                chk ^= gen[i] if top >> i & 1 else 0
        return chk

    expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    pm = polymod(expanded + data + [0] * 6) ^ const
    return hrp + "1" + "".join(_BECH[d] for d in data + [pm >> 5 * (5 - i) & 31 for i in range(6)])


def _eip55(hex40: str) -> str:
    digest = wallets.keccak256(hex40.encode()).hex()
    return "".join(c.upper() if c.isalpha() and int(h, 16) >= 8 else c for c, h in zip(hex40, digest, strict=False))


_HASH160 = hashlib.sha256(b"persona-pipeline wallet test one").digest()[:20]
_P2PKH = _b58check(b"\x00", _HASH160)
_ALT_CHAIN = _b58check(b"\x1e", hashlib.sha256(b"another chain's key").digest()[:20])  # a `D…` address
_SEGWIT = _bech32("bc", 0, _HASH160, 1)
_TAPROOT = _bech32("bc", 1, hashlib.sha256(b"taproot output").digest(), 0x2BC830A3)
_EVM = "0x" + _eip55(hashlib.sha256(b"an account of ours").hexdigest()[:40])


@pytest.fixture(scope="module")
def redact() -> Redactor:
    return Redactor(b"k" * 32)


def test_keccak_matches_the_published_empty_digest() -> None:
    assert wallets.keccak256(b"").hex() == "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"


@pytest.mark.parametrize(
    "text",
    [
        f"you can refund the deposit to {_P2PKH} when it clears",
        f"my dogecoin one is {_ALT_CHAIN}",
        f'{{"refund_to": "{_SEGWIT}"}}',
        f"- received from {_TAPROOT}\n",
        f"forward the balance to {_EVM} before Friday",
        f"transfer(to={_EVM.lower()!r})  # my wallet",
    ],
)
def test_wallet_addresses_are_redacted(redact: Redactor, text: str) -> None:
    out = redact.redact(text)
    assert out is not None
    value = next(v for v in (_P2PKH, _ALT_CHAIN, _SEGWIT, _TAPROOT, _EVM, _EVM.lower()) if v in text)
    assert value not in out.text and value[-10:] not in out.text
    assert redact.redact(out.text).text == out.text  # type: ignore[union-attr]


def _flip(s: str, i: int) -> str:
    c = s[i]
    return s[:i] + (c.lower() if c.isupper() else c.upper()) + s[i + 1 :]


@pytest.mark.parametrize(
    "text",
    [
        # a checksum that fails: one letter's case flipped, one character changed
        f"forward the balance to 0x{_flip(_EVM[2:], next(i for i, c in enumerate(_EVM[2:]) if c.isalpha()))} now",
        f"refund the deposit to {_P2PKH[:-1]}{'2' if _P2PKH[-1] != '2' else '3'} later",
        # a one-case address without any wallet word is a hex id
        f"trace id {_EVM[2:].lower()} and object 0x{_EVM[2:].lower()} in the heap dump",
        # documented, a contract's, a placeholder
        f"For example, {_EVM} is a valid checksummed address.",
        f"POOL_CONTRACT = '{_EVM}'",
        f"VAULT_V3: {_EVM}",
        f"owner = 0x{'0' * 36}{_EVM[-4:]}",
        f'self.assertEqual(normalise(raw), "{_SEGWIT}")',
        # a Solana-shaped 32-byte key with no wallet word (a hash, a mint id…)
        "digest: 4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM",
    ],
)
def test_look_alikes_and_non_personal_addresses_stay(redact: Redactor, text: str) -> None:
    out = redact.redact(text)
    assert out is not None and "crypto_address" not in out.text, out.text


def test_escaped_line_break_starts_a_line_for_the_context() -> None:
    assert not list(wallets.wallet_spans(f'{{"t": "ok\\nTOKEN_B: {_EVM}"}}'))
    assert list(wallets.wallet_spans(f'{{"t": "ok\\npay to: {_EVM}"}}'))


@pytest.mark.parametrize(
    ("build", "n"),
    [
        (lambda n: "1" * n, 200_000),
        (lambda n: "0x" + "a" * n, 200_000),
        (lambda n: "bc1" + "q" * n, 200_000),
        (lambda n: ("A1" * 30 + " ") * n, 3000),
    ],
)
def test_adversarial_runs_stay_linear(build: Callable[[int], str], n: int) -> None:
    assert_linear(lambda s: list(wallets.wallet_spans(s)), build, n)


def _imei(body14: str) -> str:
    from stdnum import luhn

    return body14 + luhn.calc_check_digit(body14)


def _vin(seventeen: str) -> str:
    """A made-up VIN with its position-9 check digit computed (49 CFR 565's weights)."""
    from persona_pipeline.core.evidence.redaction.device_ids import _VIN_VALUE, _VIN_WEIGHTS

    total = sum(_VIN_VALUE[c] * w for i, (c, w) in enumerate(zip(seventeen, _VIN_WEIGHTS, strict=True)) if i != 8)
    digit = "X" if total % 11 == 10 else str(total % 11)
    return seventeen[:8] + digit + seventeen[9:]


_IMEI = _imei("35318207441296")
_VIN_NA = _vin("4S3BNAC60R3041772")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"the handset reports {_IMEI[:2]}-{_IMEI[2:8]}-{_IMEI[8:14]}-{_IMEI[14]} in settings", _IMEI[8:14]),
        (f'{{"device": {{"imei_1": "{_IMEI}"}}}}', _IMEI),
        (f"Geräte-IMEI lautet {_IMEI}", _IMEI),
        (f"VIN: {_VIN_NA} (traded in)", _VIN_NA),
        ("Fahrgestellnummer (FIN): WDD2050421R7XK581", "WDD2050421R7XK581"),  # no check digit: the label
        (f"vin={_VIN_NA.lower()}", _VIN_NA.lower()),
    ],
)
def test_device_and_vehicle_ids_are_redacted(redact: Redactor, text: str, value: str) -> None:
    out = redact.redact(text)
    assert out is not None and value not in out.text, out.text


@pytest.mark.parametrize(
    "text",
    [
        f"order {_IMEI} shipped",  # a plain 15-digit run without an IMEI label: an order id
        f"the handset reports {_IMEI[:2]}-{_IMEI[2:8]}-{_IMEI[8:14]}-{(int(_IMEI[14]) + 1) % 10}",  # Luhn fails
        f"traded in the {_VIN_NA[:8]}{(int(_VIN_NA[8]) + 1) % 10 if _VIN_NA[8].isdigit() else 0}{_VIN_NA[9:]} too",
        "build ABCDEFGH123456789 done",  # shaped like a VIN but no serial, no label
        "sha: 1a2b3c4d5e6f7a8b9",  # a hex run
    ],
)
def test_device_look_alikes_stay(redact: Redactor, text: str) -> None:
    out = redact.redact(text)
    assert out is not None and "imei" not in out.text and ":vin:" not in out.text, out.text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("WhatsApp: okonkwo.k77 after six please", "okonkwo.k77"),
        ("if mail bounces, my Threema is XK3PW9ZT", "XK3PW9ZT"),
        ('user = {"telegram_handle": "grey_heron_41"}', "grey_heron_41"),
        ("find me at tiktok.com/@marisol.paints", "marisol.paints"),
        ("new account: fennwick.bsky.social", "fennwick.bsky.social"),
        ("toot at @oriel@fosstodon.org", "oriel@fosstodon.org"),
        ("LGTM, thanks to @petra-lindqvist for the repro", "petra-lindqvist"),
        ("/src/billing/ @tomasz-wrobel @ines-ferraz", "ines-ferraz"),
        ("shoutout to @quill_and_ink on Reddit", "quill_and_ink"),
        ("send it via Venmo @Hallie-Ostrander-5", "Hallie-Ostrander-5"),
        ("UPDATE payees SET v = 'x' WHERE id = 3; SELECT 'meera.j@okaxis' AS upi_vpa", "meera.j@okaxis"),
    ],
)
def test_handles_with_a_stated_role_are_redacted(redact: Redactor, text: str, value: str) -> None:
    out = redact.redact(text)
    assert out is not None and value not in out.text, out.text


@pytest.mark.parametrize(
    "text",
    [
        "@dataclass\nclass Row:",
        'npm i -D @types/react@18 "@scope/pkg"',
        "@media print { a { color: black } }",
        "cc @release-bot please tag it",
        "thanks @snyk-bot, and cc @here",
        "ping @acme/platform-team about it",
        "git clone git@gitlab.internal.acme:tools/cli.git",
        "@Injectable()\nexport class Cache {}",
        "see @alice@mastodon.example for the format",
        "handle the signal: SIGTERM",
        "the signal handler.",
        "open instagram.com/explore in a tab",
        "@pytest.fixture\ndef db(): ...",
        "hi, @layout MainShell renders twice",
        "/**\n * Loads rows.\n * @return the rows\n * @author someone-else\n */",
        "thanks, @Component({selector: 'x'}) fixed it",
    ],
)
def test_handle_look_alikes_stay(redact: Redactor, text: str) -> None:
    out = redact.redact(text)
    assert out is not None and ":handle:" not in out.text, out.text


@pytest.mark.parametrize(
    ("build", "n"),
    [
        (lambda n: "@" + "a-" * n, 100_000),
        (lambda n: "telegram " * n, 25_000),
        (lambda n: '"path": ["telegram_handle"' * n, 8000),
        (lambda n: "x.bsky" * n, 40_000),
    ],
)
def test_handle_patterns_stay_linear(build: Callable[[int], str], n: int) -> None:
    from persona_pipeline.core.evidence.redaction import handles

    assert_linear(lambda s: list(handles.handle_spans(s)), build, n)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("my residence permit no. is TX9081726, expires in May", "TX9081726"),
        ('{"aufenthaltstitel_nr": "Y7K0P4R21"}', "Y7K0P4R21"),
        ("Status update on case IOE0915562731 arrived", "IOE0915562731"),
        ("visa number 00847712 (stamped)", "00847712"),
        ("employer asked for the share code (K7P-2QX-M9R)", "K7P-2QX-M9R"),
    ],
)
def test_immigration_numbers_after_their_label_are_redacted(redact: Redactor, text: str, value: str) -> None:
    out = redact.redact(text)
    assert out is not None and value not in out.text, out.text


@pytest.mark.parametrize(
    "text",
    [
        "file form I-130 and then the I-485",
        "the H-1B cap was reached in 2024",
        "test case 1234567 failed again",
        "receipt number 20240611 from the cafe",
        "visa: accepted, mastercard: accepted",
    ],
)
def test_immigration_look_alikes_stay(redact: Redactor, text: str) -> None:
    out = redact.redact(text)
    assert out is not None and "immigration_id" not in out.text, out.text


# ---- review of tune11p (P1-P7): each case below failed on tune11p ----


@pytest.mark.parametrize(
    "build",
    [
        lambda n: "Discord" + " " * n + "?",
        lambda n: "whatsapp is" + "\t" * n,
        lambda n: "green card no." + " " * n + "x",
        lambda n: "receipt #" + " " * n,
        lambda n: "share code is" + " " * n,
        lambda n: "telegram" * (n // 8),
        lambda n: "a_github_" * (n // 9),
        lambda n: "xTelegramY" * (n // 10),
        lambda n: ("instagram_handle " + " " * 30) * (n // 47),
    ],
)
@pytest.mark.parametrize("scan", ["handles", "immigration_ids"])
def test_label_then_a_long_space_run_stays_linear(build: Callable[[int], str], scan: str) -> None:
    """A service or immigration word followed by a run of spaces that never reaches a value, and
    one long word made of a service word repeated (each superlinear before)."""
    from persona_pipeline.core.evidence.redaction import handles, immigration_ids

    spans = handles.handle_spans if scan == "handles" else immigration_ids.immigration_spans
    assert_linear(lambda s: list(spans(s)), build, 100_000)  # (100 KB against 25 KB)


@pytest.mark.parametrize("build", [lambda n: "skype" + " " * n + ";", lambda n: "visa #" + " " * n + "-"])
def test_label_then_spaces_through_the_redactor(redact: Redactor, build: Callable[[int], str]) -> None:
    assert_linear(redact.redact, build, 50_000)


@pytest.mark.parametrize(
    "text",
    [
        '{"stopsignal": "x", "signal": "SIGHUP"}',
        'kill_signal: "SIGQUIT"',
        "signal.signal(signal.SIGALRM, on_alarm)",
        "trap signal: SIGUSR2 then exit",
        "(a signal is pending)",
        '{"instance_class": "db.r5.large"}',
        '<groupId>x</groupId> {"groupId": "com.example.tools"}',
        '{"install_path": "out"}',
        '{"handler": "api.main_handler"}',
        '{"gitlab_branch": "develop"}',
        '{"github_commit": "3f9c2ab"}',
        "GitLab tag: v2.0.1",
        "youtube id: Kp3Rt9WzXa2",
    ],
)
def test_code_that_names_a_service_is_not_a_handle(redact: Redactor, text: str) -> None:
    out = redact.redact(text)
    assert out is not None and ":handle:" not in out.text, out.text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('{"telegramUser": "lark_finch_09"}', "lark_finch_09"),
        ("MY_SIGNAL_HANDLE='wren.77'", "wren.77"),
        ('"payout-handle" => "@plover"', "@plover"),
        ("cc @tobi and @mai for the numbers", "@mai"),
        ("Telegram: @luca_io", "luca_io"),
        ("please ping @marci", "@marci"),
        ('"reviewers": ["noor", "zai"]', "zai"),
        ("lib/core/ @ana-sousa", "ana-sousa"),
        ("assets/** @tk-lee @rui-m", "rui-m"),
    ],
)
def test_people_named_like_apps_and_codeowners_paths(redact: Redactor, text: str, value: str) -> None:
    out = redact.redact(text)
    assert out is not None and value not in out.text, out.text


def test_a_schema_errors_received_type_is_not_a_handle(redact: Redactor) -> None:
    text = '[{"path": ["github_login"], "message": "bad", "received": "boolean"}]'
    out = redact.redact(text)
    assert out is not None and "boolean" in out.text, out.text


@pytest.mark.parametrize(
    "text",
    [
        f"artifact {_vin('KT7RB2M41S5093318')} uploaded",
        f"traded in the {_VIN_NA} last spring",  # a check digit alone is no label
        "card network Visa 41207733 accepted",
        "Visa 2027-01-31 until renewal",
        "support case ZDK4417700012 reopened",
        "receipt: POS2209981134",
    ],
)
def test_serials_card_brands_and_shop_receipts_stay(redact: Redactor, text: str) -> None:
    out = redact.redact(text)
    assert out is not None and ":vin:" not in out.text and "immigration_id" not in out.text, out.text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"the car's VIN {_vin('KT7RB2M41S5093318')}", _vin("KT7RB2M41S5093318")),
        ("case WAC2190011223 approved", "WAC2190011223"),
        ("visa no. 55120987", "55120987"),
    ],
)
def test_labelled_vins_and_immigration_numbers_still_go(redact: Redactor, text: str, value: str) -> None:
    out = redact.redact(text)
    assert out is not None and value not in out.text, out.text


@pytest.mark.parametrize(
    "text",
    [
        f"const dai = '{_EVM}';",
        f"// ERC-20 at {_EVM}",
        f"https://swap.acme-dex.net/#/?inputCurrency={_EVM}&exactAmount=1",
        "deposit: " + "1" * 32,
    ],
)
def test_contracts_in_code_and_the_zero_key_stay(redact: Redactor, text: str) -> None:
    out = redact.redact(text)
    assert out is not None and "crypto_address" not in out.text, out.text


@pytest.mark.parametrize("text", [f"const payoutWallet = '{_EVM}';", f"my ERC20 deposit address is {_EVM}"])
def test_a_declared_or_labelled_wallet_is_still_redacted(redact: Redactor, text: str) -> None:
    out = redact.redact(text)
    assert out is not None and _EVM not in out.text, out.text
