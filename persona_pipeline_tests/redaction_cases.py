"""A generator of redaction test cases: fresh random secrets and personal data in many wrappings.

Two pools that share nothing but the value generators' *shapes*: the dev pool (seed and sentence
templates A) is what the detectors are tuned on; the held-out pool (another seed, sentence
templates B and other wrappings) is only ever scored. A plant is caught when the redaction
spans leave no run of 8 characters of it (as written in the text, i.e. encoded where the
wrapping encodes it) uncovered; a look-alike is a false positive when any span touches it.

    python -m persona_pipeline_tests.redaction_cases [--baseline GIT_REV] [--n 1500]

prints per-category recall for both pools (and for the engine at GIT_REV, loaded as the shared
bench loads it), false positives per MB on the look-alikes, and throughput.
"""

from __future__ import annotations

import base64
import json
import random
import string
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field

ALNUM = string.ascii_letters + string.digits
B64 = ALNUM + "+/"
URLSAFE = ALNUM + "-_"
HEX = "0123456789abcdef"
UPPER_DIGITS = string.ascii_uppercase + string.digits
LOWER = string.ascii_lowercase


@dataclass
class Case:
    text: str
    plants: list[tuple[int, int, str]] = field(default_factory=list)  # (start, end, category)
    confs: list[tuple[int, int, str]] = field(default_factory=list)  # look-alikes that must survive


def _s(r: random.Random, alphabet: str, n: int) -> str:
    return "".join(r.choice(alphabet) for _ in range(n))


def _mixed(r: random.Random, alphabet: str, n: int) -> str:
    """A random string holding at least one upper, lower and digit (as real keys do)."""
    while True:
        v = _s(r, alphabet, n)
        if any(c.isupper() for c in v) and any(c.islower() for c in v) and any(c.isdigit() for c in v):
            return v


def _luhn_complete(r: random.Random, prefix: str, length: int) -> str:
    body = prefix + _s(r, string.digits, length - len(prefix) - 1)
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            d = d - 9 if d > 9 else d
        total += d
    return body + str((10 - total % 10) % 10)


def _iban(r: random.Random) -> str:
    country, length = r.choice([("DE", 22), ("GB", 22), ("FR", 27), ("ES", 24), ("NL", 18), ("IT", 27), ("BE", 16)])
    if country == "GB" or country == "NL":
        bban = _s(r, string.ascii_uppercase, 4) + _s(r, string.digits, length - 8)
    else:
        bban = _s(r, string.digits, length - 4)
    num = "".join(str(int(c, 36)) for c in bban + country + "00")
    check = 98 - int(num) % 97
    iban = f"{country}{check:02d}{bban}"
    if r.random() < 0.5:
        iban = " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))
    return iban


_SYLL = ["ka", "ri", "mo", "len", "dra", "vi", "su", "tor", "bel", "an", "na", "el", "ro", "sta", "fi", "gun", "ha"]
_ACCENTED = ["é", "ö", "ü", "á", "ñ", "ø", "ł", "ç", "ă", "ş", "ž", "í"]


def _name_word(r: random.Random) -> str:
    w = "".join(r.choice(_SYLL) for _ in range(r.randint(2, 3)))
    if r.random() < 0.3:
        i = r.randrange(1, len(w))
        w = w[:i] + r.choice(_ACCENTED) + w[i + 1 :]
    return w.capitalize()


def _person(r: random.Random) -> str:
    """Names outside any bundled list: invented, accented, Mc/O'/hyphenated/particle surnames."""
    first = _name_word(r)
    kind = r.random()
    if kind < 0.15:
        last = "Mc" + _name_word(r)
    elif kind < 0.25:
        last = "O'" + _name_word(r)
    elif kind < 0.4:
        last = _name_word(r) + "-" + _name_word(r)
    elif kind < 0.5:
        last = r.choice(["van der ", "de ", "von ", "da ", "van "]) + _name_word(r)
    else:
        last = _name_word(r)
    if r.random() < 0.35:
        from faker import Faker

        f = Faker(r.choice(["hu_HU", "ro_RO", "sk_SK", "hr_HR", "lt_LT", "ga_IE", "zu_ZA", "yo_NG", "vi_VN"]))
        f.seed_instance(r.randrange(1 << 30))
        return f"{f.first_name()} {f.last_name()}"
    return f"{first} {last}"


def _faker(r: random.Random, locale: str) -> object:
    from faker import Faker

    f = Faker(locale)
    f.seed_instance(r.randrange(1 << 30))
    return f


_US_SUFFIX = ["Street", "St.", "Avenue", "Ave", "Road", "Rd.", "Lane", "Drive", "Dr", "Court", "Boulevard", "Way"]
_UK_SUFFIX = ["Road", "Street", "Lane", "Close", "Gardens", "Crescent", "Grove", "Avenue", "Drive", "Terrace", "Mews"]
_US_STATES = ["CA", "NY", "TX", "WA", "IL", "MA", "OR", "CO", "GA", "FL", "NC", "VA"]


def _address(r: random.Random, country: str) -> str:
    if r.random() < 0.5:  # Faker's own formats
        f: object = _faker(r, {"us": "en_US", "uk": "en_GB", "de": "de_DE", "fr": "fr_FR"}[country])
        street = f.street_address()  # type: ignore[attr-defined]
        if country == "us":
            return f"{street}, {f.city()}, {f.state_abbr()} {f.postcode()}"  # type: ignore[attr-defined]
        if country == "uk":
            return f"{street.replace(chr(10), ', ')}, {f.city()} {f.postcode()}"  # type: ignore[attr-defined]
        return f"{street}, {f.postcode()} {f.city()}"  # type: ignore[attr-defined]
    word = _name_word(r)
    town = _name_word(r) + r.choice(["ville", "ton", "burg", "field", ""])
    if country == "us":
        unit = r.choice(["", f" Apt {r.randint(1, 40)}", f", Suite {r.randint(100, 999)}"])
        return (
            f"{r.randint(1, 9999)} {r.choice(['', 'N ', 'W '])}{word} {r.choice(_US_SUFFIX)}{unit}, {town}, "
            f"{r.choice(_US_STATES)} {r.randint(10000, 99999)}"
        )
    if country == "uk":
        outward = f"{_s(r, 'ABCEGHJKLMNPRSTW', r.randint(1, 2))}{r.randint(1, 20)}"
        pc = f"{outward} {r.randint(1, 9)}{_s(r, 'ABDEFGHJLNPQRSTUWXYZ', 2)}"
        return f"{r.randint(1, 200)} {word} {r.choice(_UK_SUFFIX)}, {town} {pc}"
    if country == "de":
        suffix = r.choice(["straße", "str.", "weg", "gasse", "platz", "allee", "ring", "Straße"])
        sep = "" if suffix[0].islower() else " "
        return f"{word}{sep}{suffix} {r.randint(1, 180)}{r.choice(['', 'a', 'b'])}, {r.randint(10000, 99999)} {town}"
    prefix = r.choice(["rue", "avenue", "boulevard", "chemin", "impasse", "place", "allée"])
    number = f"{r.randint(1, 150)}{r.choice(['', ' bis', ','])}"
    return f"{number} {prefix} {r.choice(['', 'de ', 'du '])}{word}, {r.randint(10000, 99999)} {town}"


def _phone(r: random.Random, region: str) -> str:
    d = string.digits
    if region == "us":
        area, ex = f"{r.randint(2, 9)}{_s(r, d, 2)}", f"{r.randint(2, 9)}{_s(r, d, 2)}"
        while area[1:] == "11" or area in ("555",) or ex[1:] == "11":
            area, ex = f"{r.randint(2, 9)}{_s(r, d, 2)}", f"{r.randint(2, 9)}{_s(r, d, 2)}"
        line = _s(r, d, 4)
        return r.choice([f"({area}) {ex}-{line}", f"{area}-{ex}-{line}", f"{area}.{ex}.{line}", f"{area}{ex}{line}"])
    if region == "uk":
        return r.choice([f"07{r.randint(400, 999)} {_s(r, d, 6)}", f"020 {r.randint(7, 8)}{_s(r, d, 3)} {_s(r, d, 4)}"])
    if region == "de":
        return r.choice([f"0{r.randint(151, 179)} {_s(r, d, 7)}", f"030 {r.randint(2, 9)}{_s(r, d, 7)}"])
    if region == "fr":
        return r.choice(
            [
                f"0{r.randint(6, 7)} " + " ".join(_s(r, d, 2) for _ in range(4)),
                f"01 {r.randint(40, 89)} " + " ".join(_s(r, d, 2) for _ in range(3)),
            ]
        )
    if region == "in":
        return r.choice(
            [f"0{r.randint(70, 99)}{_s(r, d, 3)} {_s(r, d, 5)}", f"{r.randint(70, 99)}{_s(r, d, 3)} {_s(r, d, 5)}"]
        )
    if region == "br":
        return f"({r.choice([11, 21, 31, 41, 47, 48, 51, 61, 71, 81, 85, 91])}) 9{_s(r, d, 4)}-{_s(r, d, 4)}"
    # international: a national number of some region, trunk 0 dropped, behind its country code
    reg = r.choice(["uk", "de", "fr", "in", "br", "us"])
    cc = {"uk": "44", "de": "49", "fr": "33", "in": "91", "br": "55", "us": "1"}[reg]
    national = _phone(r, reg).replace("(", "").replace(")", "")
    national = national[1:] if national.startswith("0") else national
    return f"+{cc} {national}"


def _ssn(r: random.Random) -> str:
    area = r.choice([n for n in range(1, 900) if n != 666])
    g, s = r.randint(1, 99), r.randint(1, 9999)
    sep = r.choice(["-", " ", ""])
    return f"{area:03d}{sep}{g:02d}{sep}{s:04d}"


def _ipv6(r: random.Random) -> str:
    groups = [f"{r.randint(0x2001, 0x2C0F):x}"] + [f"{r.randint(0, 0xFFFF):x}" for _ in range(7)]
    if r.random() < 0.7:
        i = r.randint(2, 5)
        j = r.randint(i + 1, 7)
        return ":".join(groups[:i]) + "::" + ":".join(groups[j:])
    return ":".join(groups)


def _ipv4(r: random.Random) -> str:
    while True:
        a = r.randint(11, 223)
        if a not in (127, 172, 192, 100, 169, 198, 203):
            return f"{a}.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}"


def _dob_date(r: random.Random) -> str:
    y, m, d = r.randint(1940, 2005), r.randint(1, 12), r.randint(1, 28)
    months = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ]
    return r.choice(
        [
            f"{y}-{m:02d}-{d:02d}",
            f"{m:02d}/{d:02d}/{y}",
            f"{d:02d}.{m:02d}.{y}",
            f"{d} {months[m - 1]} {y}",
            f"{months[m - 1]} {d}, {y}",
        ]
    )


def _pem(r: random.Random) -> str:
    kind = r.choice(["RSA ", "EC ", "", "OPENSSH "])
    lines = ["MII" + _s(r, B64, 61)] + [_s(r, B64, 64) for _ in range(r.randint(2, 6))] + [_s(r, B64, 20) + "=="]
    body = "\n".join(lines)
    end = f"\n-----END {kind}PRIVATE KEY-----" if r.random() < 0.6 else ""
    return f"-----BEGIN {kind}PRIVATE KEY-----\n{body}{end}"


def _password(r: random.Random) -> str:
    kind = r.random()
    if kind < 0.2:  # dotted: looks like a.b to a code-reference check
        return f"{_s(r, string.ascii_lowercase, 5)}.{_mixed(r, ALNUM, 7)}"
    if kind < 0.4:
        return _mixed(r, ALNUM + "!#%^*_-", r.randint(10, 20))
    if kind < 0.6:
        return _s(r, string.ascii_lowercase, 5) + str(r.randint(10, 9999)) + r.choice("!?#$")
    return _mixed(r, ALNUM, r.randint(12, 24))


# category -> (value generator, sentence templates A, sentence templates B). {v} is the value;
# {u} a user name, {h} a host. Templates carry the context a category is written in.
Gen = Callable[[random.Random], str]
CATS: dict[str, tuple[Gen, list[str], list[str]]] = {
    "aws_access_key": (
        lambda r: r.choice(["AKIA", "ASIA"]) + _s(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16),
        ["export AWS_ACCESS_KEY_ID={v}", "the key id is {v}"],
        ["aws_access_key_id = {v}", "AccessKeyId: {v}"],
    ),
    "aws_secret_key": (
        lambda r: _mixed(r, B64, 40),
        [
            "AWS_ACCESS_KEY_ID=AKIA{ak}\nAWS_SECRET_ACCESS_KEY={v}",
            "access key AKIA{ak} and the secret {v} from IAM",
            "Access key ID,Secret access key\nAKIA{ak},{v}",
        ],
        [
            "aws_secret_access_key = {v}",
            "use AKIA{ak} / {v} for the staging account",
            "User name,Access key ID,Secret access key\n{u},AKIA{ak},{v}",
        ],
    ),
    "github_pat": (
        lambda r: "ghp_" + _s(r, ALNUM, 36),
        ["GITHUB_TOKEN={v}", "push with {v}"],
        ["token: {v}", "git clone https://{v}@github.com/o/r"],
    ),
    "github_fine_grained": (
        lambda r: f"github_pat_{_s(r, ALNUM, 22)}_{_s(r, ALNUM, 59)}",
        ["GH_TOKEN={v}", "new PAT {v}"],
        ["gh auth login --with-token <<< {v}", "pat is {v}"],
    ),
    "gitlab_pat": (
        lambda r: "glpat-" + _s(r, URLSAFE, 20),
        ["GITLAB_TOKEN={v}", "use {v} for the api"],
        ["PRIVATE-TOKEN: {v}", "glab token {v}"],
    ),
    "slack_token": (
        lambda r: f"xox{r.choice('bp')}-{_s(r, string.digits, 12)}-{_s(r, string.digits, 13)}-{_s(r, ALNUM, 24)}",
        ["SLACK_BOT_TOKEN={v}", "bot token {v}"],
        ["slack: {v}", "token={v}"],
    ),
    "slack_webhook": (
        lambda r: (
            f"https://hooks.slack.com/services/T{_s(r, UPPER_DIGITS, 10)}/B{_s(r, UPPER_DIGITS, 10)}/{_s(r, ALNUM, 24)}"
        ),
        ["post to {v}", "WEBHOOK={v}"],
        ["notify: {v}", "url = {v}"],
    ),
    "discord_webhook": (
        lambda r: f"https://discord.com/api/webhooks/{_s(r, string.digits, 18)}/{_s(r, URLSAFE, 68)}",
        ["DISCORD_WEBHOOK_URL={v}", "send alerts to {v}"],
        ["webhook: {v}", "requests.post('{v}', json=payload)"],
    ),
    "stripe_key": (
        lambda r: f"{r.choice(['sk', 'rk'])}_live_{_s(r, ALNUM, 24)}",
        ["STRIPE_SECRET_KEY={v}", "stripe key {v}"],
        ["Stripe.api_key = '{v}'", "live key: {v}"],
    ),
    "google_api_key": (
        lambda r: "AIza" + _s(r, URLSAFE, 35),
        ["GOOGLE_API_KEY={v}", "maps key {v}"],
        ["?key={v}", "apiKey: '{v}'"],
    ),
    "google_oauth": (
        lambda r: "ya29." + _s(r, URLSAFE, r.randint(60, 120)),
        ["Authorization: Bearer {v}", "access_token={v}"],
        ['{{"access_token": "{v}", "expires_in": 3599}}', "gcloud gave me {v}"],
    ),
    "openai_key": (
        lambda r: f"sk-proj-{_s(r, URLSAFE, 48)}T3BlbkFJ{_s(r, URLSAFE, 48)}",
        ["OPENAI_API_KEY={v}", "key {v}"],
        ["openai.api_key = '{v}'", "-H 'Authorization: Bearer {v}'"],
    ),
    "anthropic_key": (
        lambda r: f"sk-ant-api03-{_s(r, URLSAFE, 93)}AA",
        ["ANTHROPIC_API_KEY={v}", "claude key {v}"],
        ["x-api-key: {v}", "key={v}"],
    ),
    "hf_token": (
        lambda r: "hf_" + _s(r, string.ascii_letters, 34),
        ["HF_TOKEN={v}", "huggingface-cli login --token {v}"],
        ["token: {v}", "use_auth_token='{v}'"],
    ),
    "npm_token": (
        lambda r: "npm_" + _s(r, ALNUM, 36),
        ["//registry.npmjs.org/:_authToken={v}", "NPM_TOKEN={v}"],
        ["npm token {v}", "authToken: {v}"],
    ),
    "pypi_token": (
        lambda r: "pypi-AgEIcHlwaS5vcmc" + _s(r, URLSAFE, 60),
        ["TWINE_PASSWORD={v}", "pypi token {v}"],
        ["password = {v}", "twine upload -p {v} dist/*"],
    ),
    "sendgrid_key": (
        lambda r: f"SG.{_s(r, URLSAFE, 22)}.{_s(r, URLSAFE, 43)}",
        ["SENDGRID_API_KEY={v}", "sendgrid {v}"],
        ["sg_key: {v}", "Authorization: Bearer {v}"],
    ),
    "twilio_auth_token": (
        lambda r: _s(r, HEX, 32),
        ["TWILIO_ACCOUNT_SID=AC{sid}\nTWILIO_AUTH_TOKEN={v}", "sid AC{sid} token {v}"],
        ["Client('AC{sid}', '{v}')", "account AC{sid}, auth {v}"],
    ),
    "telegram_bot_token": (
        lambda r: f"{r.randint(100000000, 9999999999)}:AA{_s(r, URLSAFE, 33)}",
        ["TELEGRAM_BOT_TOKEN={v}", "bot token {v}"],
        ["https://api.telegram.org/bot{v}/sendMessage", "telegram: {v}"],
    ),
    "azure_storage_key": (
        lambda r: _s(r, B64, 86) + "==",
        [
            "DefaultEndpointsProtocol=https;AccountName=st{u};AccountKey={v};EndpointSuffix=core.windows.net",
            "az storage blob list --account-key {v}",
        ],
        ["AZURE_STORAGE_KEY={v}", "az storage container create --account-name st{u} --account-key {v}"],
    ),
    "jwt": (
        lambda r: (
            "eyJ"
            + base64.urlsafe_b64encode(b'{"alg":"HS256"}').decode().rstrip("=")[3:]
            + ".eyJ"
            + _s(r, URLSAFE, 40)
            + "."
            + _s(r, URLSAFE, 43)
        ),
        ["Authorization: Bearer {v}", "session={v}"],
        ["jwt: {v}", "id_token={v}"],
    ),
    "private_key": (
        _pem,
        ["{v}", "key file:\n{v}\n..."],
        ["here is the key, see EXAMPLE below\n{v}", "cat id_rsa\n{v}"],
    ),
    "url_password": (
        lambda r: _password(r),
        ["postgres://app:{v}@db.{h}:5432/main", "redis://:{v}@cache.{h}:6379/0"],
        ["mysql://root:{v}@{h}/shop", "amqp://guest:{v}@mq.{h}//", "redis://:{v}@{h}"],
    ),
    "bearer_token": (
        lambda r: _mixed(r, URLSAFE + ".", r.randint(30, 50)),
        ["Authorization: Bearer {v}", "bearer {v}"],
        ["-H 'Authorization: Bearer {v}'", "headers={{'Authorization': 'Bearer {v}'}}"],
    ),
    "basic_auth": (
        lambda r: base64.b64encode(f"{_s(r, string.ascii_lowercase, 6)}:{_mixed(r, ALNUM, 12)}".encode()).decode(),
        ["Authorization: Basic {v}", "-H 'Authorization: Basic {v}'"],
        ["auth header Basic {v}", '"Authorization": "Basic {v}"'],
    ),
    "password_assignment": (
        _password,
        ["DB_PASSWORD={v}", "password: {v}", 'DB_PASS="{v}"', "<password>{v}</password>", "pwd = '{v}'"],
        [
            '"password": "{v}"',
            "DATABASE_PASS={v}",
            "the login is admin / {v}",
            "my password is {v}",
            "<Password>{v}</Password>",
            "PASSWD: {v}",
        ],
    ),
    "cli_password": (
        _password,
        ["mysql -u root -p{v} shop", "redis-cli -h {h} -a {v} ping", "sshpass -p '{v}' ssh {u}@{h}"],
        [
            "mysqldump -uadmin -p{v} db > d.sql",
            "redis-cli -a {v} --no-auth-warning",
            "sshpass -p {v} scp f {u}@{h}:",
            "psql --password={v}",
            "tool login --password {v}",
        ],
    ),
    "labelled_secret": (
        lambda r: _mixed(r, ALNUM, r.randint(20, 40)),
        ["API_SECRET={v}", "client_secret: {v}", "auth_key = {v}", "X_AUTH={v}"],
        ['"secret": "{v}"', "SERVICE_CREDENTIAL={v}", "app_key: {v}", "signing token {v}"],
    ),
    "k8s_secret": (
        _password,
        ["env:\n  - name: DB_PASSWORD\n    value: {v}", '- name: API_TOKEN\n  value: "{v}"'],
        ['{{"name": "SECRET_KEY", "value": "{v}"}}', "- name: REDIS_PASS\n  value: '{v}'"],
    ),
    "environ_assignment": (
        lambda r: _mixed(r, ALNUM, r.randint(16, 32)),
        ['os.environ["SERVICE_TOKEN"] = "{v}"', "os.environ['API_KEY'] = '{v}'"],
        ['os.environ.setdefault("APP_SECRET", "{v}")', 'process.env.AUTH_TOKEN = "{v}"'],
    ),
    # personal data
    "email": (
        lambda r: f"{_s(r, LOWER, 6)}.{_s(r, LOWER, 5)}@{_s(r, LOWER, 7)}.{r.choice(['com', 'io', 'de', 'co.uk'])}",
        ["mail {v} about it", "From: {v}"],
        ["contact: {v}", "git config user.email {v}"],
    ),
    "phone_us": (lambda r: _phone(r, "us"), ["call me at {v}", "phone={v}"], ["Tel: {v}", "mobile {v}"]),
    "phone_intl": (lambda r: _phone(r, "intl"), ["whatsapp {v}", "ring {v}"], ["phone: {v}", "reach me on {v}"]),
    "phone_uk": (lambda r: _phone(r, "uk"), ["call {v}", "phone: {v}"], ["mobile {v} (UK)", "tel {v}"]),
    "phone_de": (lambda r: _phone(r, "de"), ["Telefon: {v}", "call {v}"], ["Handy {v}", "tel. {v}"]),
    "phone_fr": (lambda r: _phone(r, "fr"), ["tél : {v}", "call {v}"], ["portable {v}", "phone {v}"]),
    "phone_in": (lambda r: _phone(r, "in"), ["mobile {v}", "call {v}"], ["ph: {v}", "contact no {v}"]),
    "phone_br": (lambda r: _phone(r, "br"), ["celular {v}", "call {v}"], ["whatsapp: {v}", "tel {v}"]),
    "credit_card": (
        lambda r: r.choice(
            [_luhn_complete(r, "4", 16), _luhn_complete(r, "5" + str(r.randint(1, 5)), 16), _luhn_complete(r, "37", 15)]
        ),
        ["card {v} declined", "cc={v}"],
        ["charged {v} twice", "card_number: {v}"],
    ),
    "ssn": (_ssn, ["SSN: {v}", "ssn={v}"], ["social security number {v}", '"ssn": "{v}"']),
    "iban": (_iban, ["IBAN: {v}", "wire to {v}"], ["iban={v}", "pay into {v} please"]),
    "ipv4": (_ipv4, ["ssh {u}@{v}", "server at {v}"], ["curl http://{v}:8080/health", "client_ip={v}"]),
    "ipv6": (_ipv6, ["ping6 {v}", "listening on [{v}]:443"], ["client {v} connected", "AAAA record {v}"]),
    "date_of_birth": (_dob_date, ["DOB: {v}", "born on {v}"], ['"date_of_birth": "{v}"', "birthday {v}"]),
    "address_us": (lambda r: _address(r, "us"), ["ship to {v}", "address: {v}"], ["lives at {v}", "billing: {v}"]),
    "address_uk": (lambda r: _address(r, "uk"), ["post to {v}", "address: {v}"], ["lives at {v}", "deliver to {v}"]),
    "address_de": (lambda r: _address(r, "de"), ["Adresse: {v}", "send it to {v}"], ["wohnt in {v}", "address {v}"]),
    "address_fr": (lambda r: _address(r, "fr"), ["adresse : {v}", "ship to {v}"], ["habite au {v}", "address {v}"]),
    "person_name": (
        _person,
        ["ask {v} about the migration", "cc {v}", "From: {v}", "Reviewed-by: {v}", "Thanks,\n{v}"],
        [
            "ping {v} before merging",
            "Signed-off-by: {v} <x@y.z>",
            "Hi team,\n\nthe deploy is done.\n\nBest,\n{v}",
            "to: {v}",
            "meeting with {v} tomorrow",
        ],
    ),
    "home_user": (
        lambda r: r.choice([_s(r, string.ascii_lowercase, r.randint(4, 9)), _person(r)]),
        ["/Users/{v}/code/app.py", "C:\\Users\\{v}\\repo\\main.py"],
        ["/home/{v}/.ssh/id_rsa", "C:\\Users\\{v}\\AppData\\Local"],
    ),
}
PII_CATS = {
    "email",
    "phone_us",
    "phone_intl",
    "phone_uk",
    "phone_de",
    "phone_fr",
    "phone_in",
    "phone_br",
    "credit_card",
    "ssn",
    "iban",
    "ipv4",
    "ipv6",
    "date_of_birth",
    "address_us",
    "address_uk",
    "address_de",
    "address_fr",
    "person_name",
    "home_user",
}
SECRET_CATS = set(CATS) - PII_CATS

# A third pool ("fresh"): sentence templates and wrappings written after the detectors were tuned,
# scored and never inspected for misses. Categories without a template here use template B.
TEMPLATES_C: dict[str, list[str]] = {
    "aws_access_key": ["[default]\naws_access_key_id={v}"],
    "aws_secret_key": ["key id AKIA{ak}\nsecret: {v}", "AKIA{ak}\t{v}"],
    "github_pat": ["remote: https://x-access-token:{v}@github.com/o/r.git"],
    "slack_token": ["SLACK_TOKEN: '{v}'"],
    "discord_webhook": ['curl -X POST {v} -d \'{{"content":"hi"}}\''],
    "google_oauth": ["ACCESS_TOKEN={v}"],
    "twilio_auth_token": ["twilio: sid=AC{sid} secret={v}"],
    "azure_storage_key": ["AccountName=st{u};AccountKey={v}"],
    "url_password": ["DATABASE_URL=postgresql://svc:{v}@{h}:5432/db", "mongodb+srv://admin:{v}@cluster0.{h}/test"],
    "bearer_token": ["Authorization: bearer {v}"],
    "password_assignment": ["export PGPASSWORD='{v}'", "spring.datasource.password={v}", "ADMIN_PWD: {v}"],
    "cli_password": ["mysql -h {h} -uroot -p'{v}'", "redis-cli -h {h} -p 6379 -a '{v}'"],
    "labelled_secret": ["client_secret={v}", "WEBHOOK_SECRET: {v}"],
    "k8s_secret": ["        - name: APP_PASSWORD\n          value: {v}"],
    "environ_assignment": ["os.environ['DB_PASSWORD'] = '{v}'"],
    "email": ["<{v}>", "mailto:{v}"],
    "phone_us": ["cell: {v}", "SMS {v}"],
    "phone_uk": ["Mobile: {v}"],
    "phone_de": ["Tel.: {v}"],
    "phone_fr": ["Tél. {v}"],
    "phone_in": ["phone no. {v}"],
    "phone_br": ["telefone {v}"],
    "credit_card": ["Visa ending {v}"],
    "ssn": ["SSN {v}", "ss# {v}"],
    "iban": ["Kontonummer/IBAN {v}"],
    "ipv4": ["X-Forwarded-For: {v}"],
    "ipv6": ["inet6 {v}/64 scope global"],
    "date_of_birth": ["Date of Birth: {v}", "dob={v}"],
    "address_us": ["Address:\n{v}"],
    "address_uk": ["registered office: {v}"],
    "address_de": ["Anschrift: {v}"],
    "address_fr": ["domicile : {v}"],
    "person_name": ["Author: {v} <dev@corp.io>", "Co-authored-by: {v} <x@y.io>", "Dear {v},"],
    "home_user": ["PS C:\\Users\\{v}\\Projects> dir", "/Users/{v}/Library/Logs"],
}


# Look-alikes that must survive (each a (category, generator)).
def _conf_values(r: random.Random) -> list[tuple[str, str]]:
    return [
        ("version", f"v{r.randint(0, 9)}.{r.randint(0, 30)}.{r.randint(0, 99)}"),
        ("version", f"{r.randint(1, 9)}.{r.randint(0, 20)}.{r.randint(0, 9)}.{r.randint(100, 999)}"),
        ("git_sha", _s(r, HEX, 40)),
        ("hash", "sha256:" + _s(r, HEX, 64)),
        ("uuid", f"{_s(r, HEX, 8)}-{_s(r, HEX, 4)}-4{_s(r, HEX, 3)}-a{_s(r, HEX, 3)}-{_s(r, HEX, 12)}"),
        (
            "code_identifier",
            r.choice(
                ["UserAccountService", "HttpClientFactory", "getElementById", "ReactDOM.createRoot", "OAuth2Session"]
            ),
        ),
        ("code_identifier", f"{_name_word(r).lower()}_{r.choice(['token', 'key', 'secret', 'pass'])}_count"),
        (
            "doc_example_key",
            r.choice(
                [
                    "AKIAIOSFODNN7EXAMPLE",
                    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                    "sk-...your-key...",
                    "<YOUR_API_KEY>",
                ]
            ),
        ),
        (
            "env_reference",
            r.choice(["${DB_PASSWORD}", "$API_TOKEN", "os.environ['SECRET_KEY']", "process.env.AUTH_TOKEN"]),
        ),
        ("numeric_id", str(r.randint(10**9, 10**13))),
        ("private_ip", f"10.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}"),
        ("date", f"{r.randint(2015, 2026)}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}"),
        ("model_name", r.choice(["claude-3-5-sonnet-20241022", "gpt-4o-2024-08-06", "llama-3.1-8b-instruct"])),
        ("token_uri", "https://oauth2.googleapis.com/token"),
        ("token_uri", "https://oauth2.googleapis.com/token"),
        ("test_card", "4242424242424242"),
        ("mac_address", ":".join(_s(r, HEX, 2) for _ in range(6))),
        ("time", f"{r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}"),
        (
            "product_name",
            r.choice(
                ["Visual Studio Code", "Google Cloud Storage", "Pull Request", "Amazon Web Services", "Apple Silicon"]
            ),
        ),
    ]


_CONF_TEMPLATES_A = [
    "upgraded to {c} yesterday",
    "commit {c} broke the build",
    "see `{c}` in the logs",
    "value {c} is fine",
]
_CONF_TEMPLATES_B = [
    "pinned {c} in the lockfile",
    "the id was {c}.",
    "ref: {c}",
    "compare {c} against main",
]


def _wrap(r: random.Random, snippet: str, value: str, held_out: bool, fresh: bool = False) -> tuple[str, str]:
    """Wrap a snippet; returns (text, the value as written in it)."""
    if fresh:
        kind_c = r.choice(["html", "csv", "heredoc", "js", "urlenc_double", "json_in_json", "prose"])
        if kind_c == "html":
            esc = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            return (
                f"<pre><code>{snippet.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')}</code></pre>",
                esc,
            )
        if kind_c == "csv":
            return f'id,note,created\n{r.randint(1, 999)},"{snippet}",2026-01-0{r.randint(1, 9)}\n', value
        if kind_c == "heredoc":
            return f"cat > .env <<'EOF'\n{snippet}\nEOF\n", value
        if kind_c == "js":
            return f"const cfg = {{ note: `{snippet}`, retries: 2 }};", value
        if kind_c == "urlenc_double":
            return (
                "redirect_uri=https%3A%2F%2Fapp.dev%2Fcb%3Fnote%3D"
                + urllib.parse.quote(urllib.parse.quote(snippet, safe=""), safe=""),
                urllib.parse.quote(urllib.parse.quote(value, safe=""), safe=""),
            )
        if kind_c == "json_in_json":
            inner = json.dumps({"msg": snippet})
            return json.dumps({"event": inner}), json.dumps(json.dumps(value)[1:-1])[1:-1]
        return f"quick question — {snippet} — is that right?", value
    kinds_a = ["prose", "quoted", "json", "fence", "curl", "trace", "urlenc", "html_attr"]
    kinds_b = [
        "prose",
        "json",
        "fence",
        "urlenc",
        "yaml_block",
        "log",
        "markdown_table",
        "python_dict",
        "json_nested",
        "urlenc_form",
        "html_numeric",
    ]
    kind = r.choice(kinds_b if held_out else kinds_a)
    if kind == "prose":
        lead = r.choice(
            ["I tried this: ", "ok so ", "FYI — ", "", "Note: "]
            if not held_out
            else ["hmm, ", "Heads up: ", "so basically ", ""]
        )
        tail = r.choice(
            [" and it failed.", " — can you check?", "", ". Thanks"]
            if not held_out
            else [" (prod).", "\n\nany idea?", "", " 🙏"]
        )
        return lead + snippet + tail, value
    if kind == "quoted":
        return f"> {snippet}\n\nwhy does this break?", value
    if kind in ("json", "json_nested"):
        obj: object = (
            {"role": "user", "content": snippet} if kind == "json" else {"tool_result": {"stdout": snippet, "code": 1}}
        )
        ascii_only = r.random() < 0.5
        return json.dumps(obj, ensure_ascii=ascii_only), json.dumps(value, ensure_ascii=ascii_only)[1:-1]
    if kind == "fence":
        lang = r.choice(["bash", "python", "", "yaml", "env"])
        return f"here:\n```{lang}\n{snippet}\n```\n", value
    if kind == "curl":
        return f"curl -s https://api.internal.dev/v1/run -d '{snippet}'", value
    if kind == "trace":
        return (
            f'Traceback (most recent call last):\n  File "app/main.py", line {r.randint(10, 300)}, in run\n'
            f"    client.connect()\nRuntimeError: config error near: {snippet}\n",
            value,
        )
    if kind in ("urlenc", "urlenc_form"):
        enc = urllib.parse.quote(value, safe="")
        q = urllib.parse.quote(snippet, safe="")
        if kind == "urlenc_form":
            enc = urllib.parse.quote_plus(value, safe="")
            q = urllib.parse.quote_plus(snippet, safe="")
        return f"GET https://app.internal.dev/api/debug?q={q}&page={r.randint(1, 9)}", enc
    if kind == "html_attr":  # a page's attribute: quotes, ampersands, brackets and the @ as entities

        def attr(t: str) -> str:
            t = t.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
            return t.replace("@", "&#64;")

        return f'<span class="hint" data-copy="{attr(snippet)}">copy</span>', attr(value)
    if kind == "html_numeric":  # a mail encoder: every punctuation character as a numeric reference

        def numeric(t: str) -> str:
            return "".join(
                c if c.isalnum() or c == " " else (f"&#{ord(c)};" if ord(c) % 2 else f"&#x{ord(c):X};") for c in t
            )

        return f"<td class='cell'>{numeric(snippet)}</td>", numeric(value)
    if kind == "yaml_block":
        return "config:\n  note: |\n    " + snippet.replace("\n", "\n    ") + "\n", value
    if kind == "log":
        return (
            f"2026-03-0{r.randint(1, 9)}T10:{r.randint(10, 59)}:00Z WARN worker[{r.randint(100, 999)}] {snippet}",
            value,
        )
    if kind == "markdown_table":
        return f"| field | value |\n| --- | --- |\n| data | {snippet} |\n", value
    # python_dict
    return f"payload = {{'text': {snippet!r}, 'retries': 3}}", repr(value)[1:-1]


def make_cases(held_out: bool, n: int = 1500, seed: int | None = None, fresh: bool = False) -> list[Case]:
    """One pool: every category about n/len(CATS) times, plus look-alike cases."""
    r = random.Random(seed if seed is not None else (4242 if fresh else 20261203 if held_out else 7))
    cases: list[Case] = []
    cats = sorted(CATS)
    for i in range(n):
        cat = cats[i % len(cats)]
        gen, tpl_a, tpl_b = CATS[cat]
        value = gen(r)
        tpl = r.choice(TEMPLATES_C.get(cat, tpl_b) if fresh else tpl_b if held_out else tpl_a)
        ctx = {
            "u": _s(r, string.ascii_lowercase, 5),
            "h": _s(r, string.ascii_lowercase, 6) + ".internal",
            "ak": _s(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16),
            "sid": _s(r, HEX, 32),
        }
        snippet = tpl.replace("{v}", "\x00").format(**ctx).replace("{{", "{").replace("}}", "}").replace("\x00", value)
        text, written = _wrap(r, snippet, value, held_out, fresh)
        pos = text.find(written)
        if pos < 0:
            continue
        case = Case(text, [(pos, pos + len(written), cat)])
        cases.append(case)
        if i % 3 == 0:  # look-alikes, alone in their own texts
            conf_cat, conf = r.choice(_conf_values(r))
            if conf_cat == "token_uri":  # where it occurs: a service-account JSON beside its private key id
                ctext = f'{{"type": "service_account", "private_key_id": "{_s(r, HEX, 40)}", "token_uri": "{conf}"}}'
            else:
                ctext = r.choice(_CONF_TEMPLATES_B if held_out else _CONF_TEMPLATES_A).format(c=conf)
            ctext, cwritten = _wrap(r, ctext, conf, held_out, fresh)
            cpos = ctext.find(cwritten)
            if cpos >= 0:
                cases.append(Case(ctext, [], [(cpos, cpos + len(cwritten), conf_cat)]))
    return cases


def caught(start: int, end: int, spans: list[tuple[int, int]], run: int = 8) -> bool:
    """No run of `run` characters of [start, end) left uncovered by the spans."""
    covered = [False] * (end - start)
    for a, b in spans:
        for i in range(max(a, start), min(b, end)):
            covered[i - start] = True
    best = cur = 0
    for c in covered:
        cur = 0 if c else cur + 1
        best = max(best, cur)
    return best < run


@dataclass
class Score:
    total: dict[str, int] = field(default_factory=dict)
    hit: dict[str, int] = field(default_factory=dict)
    fps: dict[str, int] = field(default_factory=dict)
    conf_total: int = 0
    mb: float = 0.0
    idempotent: bool = True
    dropped: int = 0  # fields whose redaction failed (a detector raised): dropped, never scored
    misses: list[tuple[str, str]] = field(default_factory=list)

    def recall(self, cats: set[str]) -> float:
        t = sum(v for k, v in self.total.items() if k in cats)
        return sum(v for k, v in self.hit.items() if k in cats) / t if t else 1.0

    def assert_nothing_dropped(self) -> None:
        """A dropped field is an engine failure, not a miss: its plants would count as missed
        values, inside the recall floors' slack, and its look-alikes as kept."""
        assert self.dropped == 0, f"{self.dropped} fields dropped: a detector failed"


def _first_pass(redactor: object, texts: list[str], redacted_too: bool) -> tuple[list, list | None]:
    """The spans over each text and, if asked, its redaction, from one detection pass where the
    engine offers both (a baseline engine from before `redact_many_with_spans` detects twice)."""
    both = getattr(redactor, "redact_many_with_spans", None) if redacted_too else None
    if both is None:
        spans = redactor.spans_many(texts)  # type: ignore[attr-defined]
        return spans, redactor.redact_many(texts) if redacted_too else None  # type: ignore[attr-defined]
    pairs = both(texts)
    return [None if p is None else p[1] for p in pairs], [None if p is None else p[0] for p in pairs]


def score(redactor: object, cases: list[Case], check_idempotent: bool = True) -> Score:
    s = Score()
    texts = [c.text for c in cases]
    s.mb = sum(len(t.encode()) for t in texts) / 1e6
    all_spans, once = _first_pass(redactor, texts, check_idempotent)
    for c, sp in zip(cases, all_spans, strict=True):
        ranges = [(x.start, x.end) for x in sp or []]
        s.dropped += sp is None
        for a, b, cat in c.plants:
            s.total[cat] = s.total.get(cat, 0) + 1
            if sp is not None and caught(a, b, ranges):
                s.hit[cat] = s.hit.get(cat, 0) + 1
            else:
                s.misses.append((cat, c.text))
        for a, b, cat in c.confs:
            s.conf_total += 1
            if any(x < b and a < y for x, y in ranges):
                s.fps[cat] = s.fps.get(cat, 0) + 1
    if once is not None:
        twice = redactor.redact_many([o.text for o in once if o is not None])  # type: ignore[attr-defined]
        s.idempotent = all(
            t is not None and t.text == o.text for o, t in zip([o for o in once if o], twice, strict=True)
        )
    return s


def main() -> None:
    import argparse
    import sys
    import time
    from pathlib import Path

    ap = argparse.ArgumentParser()
    ap.add_argument("--baseline", help="git revision of the engine to compare with")
    ap.add_argument("--n", type=int, default=1500)
    ap.add_argument("--misses", type=int, default=0, help="print up to N missed cases per pool")
    args = ap.parse_args()
    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "bench"))
    from persona_pipeline.core.evidence.redaction.redactor import Redactor

    engines: dict[str, object] = {"after": Redactor(b"k" * 32)}
    if args.baseline:
        from redaction_bench import load_baseline

        engines = {"before": load_baseline(args.baseline)(b"k" * 32), **engines}
    pools = {
        "dev": make_cases(False, args.n),
        "held-out": make_cases(True, args.n),
        "fresh": make_cases(True, args.n, fresh=True),
    }
    results: dict[tuple[str, str], Score] = {}
    for pool, cases in pools.items():
        for name, eng in engines.items():
            t0 = time.process_time()
            results[(pool, name)] = score(eng, cases)
            dt = time.process_time() - t0
            sc = results[(pool, name)]
            print(
                f"{pool:8s} {name:6s}: secrets {100 * sc.recall(SECRET_CATS):5.1f}%  "
                f"pii {100 * sc.recall(PII_CATS):5.1f}%  FP {sum(sc.fps.values())}/{sc.conf_total} look-alikes = "
                f"{sum(sc.fps.values()) / sc.mb:.0f}/MB {sc.fps}  "
                f"idempotent={sc.idempotent}  dropped {sc.dropped}  "
                f"({sc.mb:.2f} MB, {dt:.1f} CPU-s incl. idempotence pass)"
            )
    names = list(engines)
    header = "| category | " + " | ".join(f"{p} {n}" for p in pools for n in names) + " |"
    print(header)
    print("|" + " --- |" * (1 + len(pools) * len(names)))
    for cat in sorted(CATS, key=lambda c: (c in PII_CATS, c)):
        cells = []
        for p in pools:
            for n in names:
                sc = results[(p, n)]
                cells.append(f"{sc.hit.get(cat, 0)}/{sc.total.get(cat, 0)}")
        print(f"| {cat} | " + " | ".join(cells) + " |")
    if args.misses:
        for p in ("dev",):  # only the dev pool's misses are ever looked at
            for cat, text in results[(p, names[-1])].misses[: args.misses]:
                print(f"MISS {p} {cat}: {text[:300]!r}")


if __name__ == "__main__":
    main()
