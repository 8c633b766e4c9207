"""Secrets in the shapes round 3 of the blind measure found leaking, written afresh (own values,
own templates) per mechanism, with the look-alikes each mechanism must leave alone.

Policy for look-alikes (what is *not* a secret):
- a reference to where a secret lives: `${DB_PASS}`, `$DB_PASS`, `<password>`, `{{ .Values.x }}`,
  `os.environ[...]`, a call (`get_password()`), an attribute (`self.token`, `settings.db_pw`),
  a YAML application tag (`!Ref X`, `!secret x`, `!vault |`);
- documentation placeholders: `changeme`, `your-token-here`, `xxxxxxxx`, `...`, `EXAMPLE`;
- prose about a secret with no value in it ("the pass is valid for a day").
A value whose shape says "generated" (letters and digits or symbols) behind a secret label or a
secret-taking position is a secret even when it reads `name.name`.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.timing import assert_linear

R = Redactor(b"r" * 32)

PEM_BODY = [
    "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDf3kT9uQ1zR7pL",
    "c2Vb8nW4yXq5JmE0aTgH6kLdP3sVw9ZrUo7iYbF1eNcM2jKx4hQ8tGv5BnR6pWzA",
    "q9Xy1Lm3Nb5Vc7Zd2Fg4Hj6Kk8Pp0Rr2Tt4Ww6Yy8Aa1Cc3Ee5Gg7Ii9Mm2Oo4Qq6",
]

# (text, the secret value that must not survive)
CAUGHT: list[tuple[str, str]] = [
    # a password fed to a command's stdin (`sudo -S`, `--password-stdin`, `chpasswd`)
    ("echo 'Qv7#mLp2Zx9!' | sudo -S apt-get update", "Qv7#mLp2Zx9!"),
    ('echo "Hk29vXqp4Lmz" | docker login --username ci --password-stdin ghcr.io', "Hk29vXqp4Lmz"),
    ("printf '%s' 'Tr8$wQz3Lk5n' | podman login -u bot --password-stdin quay.io", "Tr8$wQz3Lk5n"),
    ('echo "ops_user:Wq8pL2nZr5Tx" | sudo chpasswd', "Wq8pL2nZr5Tx"),
    # user-management commands whose positional arguments are a user and its password
    ("rabbitmqctl change_password svc_ingest 'Lm3&vPq9Rt2w'", "Lm3&vPq9Rt2w"),
    ("sudo rabbitmqctl add_user metrics Jx8vQ2mKp5Zr", "Jx8vQ2mKp5Zr"),
    ("rabbitmqctl add_user grafana 'QTRvuWpMxkNB'", "QTRvuWpMxkNB"),
    ("rabbitmqctl add_user grafana 'k#m^qwE_VbzRt'", "k#m^qwE_VbzRt"),
    ("echo '-7uv%=qLm2Rz@pX' | sudo -S reboot", "-7uv%=qLm2Rz@pX"),
    ("CREATE USER report IDENTIFIED BY 'Gq4#Lm9vZx2P';", "Gq4#Lm9vZx2P"),
    ("ALTER ROLE app WITH PASSWORD 'Hn5Wq2Lz8Vm4';", "Hn5Wq2Lz8Vm4"),
    ('$pw = ConvertTo-SecureString "Xe4Rt8Lq2Wm6" -AsPlainText -Force', "Xe4Rt8Lq2Wm6"),
    ("net use \\\\files02\\finance /user:CORP\\mtanaka Pz4!kW9qRm2v", "Pz4!kW9qRm2v"),
    ("net use Y: \\\\nas\\media Rb7@Lq2Wx9Mz /user:backup /persistent:no", "Rb7@Lq2Wx9Mz"),
    ("net user svc_backup Tn6$Vr2pLq8x /add", "Tn6$Vr2pLq8x"),
    ("htpasswd -bc /etc/nginx/.htpasswd editor Vk3pQ9wZx7Lm", "Vk3pQ9wZx7Lm"),
    ("mosquitto_passwd -b /etc/mosquitto/pw sensor01 Mx5Qt8Lp2Wz7", "Mx5Qt8Lp2Wz7"),
    ("keytool -list -keystore app.jks -storepass Wm3Zq8Lx2Vp7", "Wm3Zq8Lx2Vp7"),
    ("./install.sh --adminpwd Gx4Lq9Zm2Wv7 --yes", "Gx4Lq9Zm2Wv7"),
    ("openssl pkcs12 -export -in c.pem -passout pass:Yq3Lm8Zx5Vw2 -out c.p12", "Yq3Lm8Zx5Vw2"),
    ("echo 'Np6Wq2Lz9Xm4' | gpg --batch --passphrase-fd 0 -d vault.gpg", "Np6Wq2Lz9Xm4"),
    # credential constructors and logins, (user, password) by position
    ('r = requests.get(url, auth=("svc", "Jq7Zx2Lm9Vw4"))', "Jq7Zx2Lm9Vw4"),
    ('var c = new NetworkCredential("ops", "Tz5Lq8Wm2Xv7");', "Tz5Lq8Wm2Xv7"),
    ('server.login("alerts@corp.io", "Rm3Vz8Lq2Wx6")', "Rm3Vz8Lq2Wx6"),
    # Samba's user%password, Oracle's user/password@db, single-letter pass-phrase flags
    ("smbclient //fs/share -U CORP/jdoe%Wk4Zq9Lm2Vx7 -c ls", "Wk4Zq9Lm2Vx7"),
    ("sqlplus -S app_owner/Lp6Zx3Wq8Vm2@ORCLPDB1 @run.sql", "Lp6Zx3Wq8Vm2"),
    ("ssh-keygen -t ed25519 -N 'Qe4Lz9Wm2Xv6' -f ~/.ssh/ci", "Qe4Lz9Wm2Xv6"),
    ("zip -r -P Vn7Lq2Zx5Wm8 backup.zip data/", "Vn7Lq2Zx5Wm8"),
    ("7z a -pKx3Wq8Lm5Zv2 -mhe=on out.7z dir", "Kx3Wq8Lm5Zv2"),
    ("az login --service-principal -u $APP_ID -p Zw8Lq3Vm6Xk2 --tenant corp", "Zw8Lq3Vm6Xk2"),
    ("oc login https://api.ocp:6443 -u dev -p Hm5Zq9Lx2Wv7", "Hm5Zq9Lx2Wv7"),
    ("cmdkey /add:fs01 /user:CORP\\svc /pass:Yv6Lq2Zm8Wx4", "Yv6Lq2Zm8Wx4"),
    ("schtasks /create /tn nightly /ru svc /RP Bx9Lm3Zq7Wv2 /tr run.cmd", "Bx9Lm3Zq7Wv2"),
    # variables set by position (fish, csh, Dockerfile), YAML block scalars, PuTTY keys
    ("set -gx OPENROUTER_TOKEN Fq8Lz2Wm6Xv3Kp9R", "Fq8Lz2Wm6Xv3Kp9R"),
    ("setenv DB_PASS Cv4Lq9Zm2Wx7", "Cv4Lq9Zm2Wx7"),
    ("FROM alpine\nENV SMTP_PASSWORD Gw2Lz8Qm5Vx3", "Gw2Lz8Qm5Vx3"),
    ("stringData:\n  db_password: |-\n    Nz6Lq3Wm9Xv2\n", "Nz6Lq3Wm9Xv2"),
    ("Private-Lines: 2\n" + PEM_BODY[0] + "\n" + PEM_BODY[1] + "\nPrivate-MAC: 00ff", PEM_BODY[1]),
    ("I used Tq4Zx8Lm2Wv6 as the password and it failed", "Tq4Zx8Lm2Wv6"),
    ("http -a deploy:Lk7Zq2Wm9Xv4 POST api.local/items", "Lk7Zq2Wm9Xv4"),
    ("npm config set //registry.npmjs.org/:_authToken Zr5Lq9Wm2Xv7Kp3T", "Zr5Lq9Wm2Xv7Kp3T"),
    ("aws configure set aws_secret_access_key Wq4Zm8Lx2Vp6Kr9T", "Wq4Zm8Lx2Vp6Kr9T"),
    ("git config --global user.password Pb7Lq3Zx9Wm2", "Pb7Lq3Zx9Wm2"),
    # Makefile assignments (`?=`, `::=`, `+=`) and YAML type tags / anchors before a value
    ("REGISTRY_TOKEN ?= Lq8Vx2Mz7Pk4Wn3R", "Lq8Vx2Mz7Pk4Wn3R"),
    ("SMTP_PASS ::= gentle-otter-canyon57", "gentle-otter-canyon57"),
    ("  smtp_password: !!str Wd4Kp9Lx2Qm7", "Wd4Kp9Lx2Qm7"),
    ("cache_pass: &cachepw Zr8Nq2Lp5Vx9", "Zr8Nq2Lp5Vx9"),
    # a name/value pair in a call: any generated value, also one of letters and symbols only
    ('Environment.SetEnvironmentVariable("RELAY_TOKEN", "+kqW*=Zt_RmpB");', "+kqW*=Zt_RmpB"),
    # prose with the short labels (`pass`, `pw`)
    ("the wifi pass is Ty7mQ2pLx9Vz btw", "Ty7mQ2pLx9Vz"),
    ("admin pw was Hz3Lq9Wx2Mp7 until yesterday", "Hz3Lq9Wx2Mp7"),
    ("vpn pass is amber-walrus-tundra64 for the week", "amber-walrus-tundra64"),
    ("the lab pass is qwRTzmKLpxNVbHyuWQeoJ for today", "qwRTzmKLpxNVbHyuWQeoJ"),
    ("I typed `the vpn password is Qwmtz=KRbLpVx` and it failed", "Qwmtz=KRbLpVx"),
    ("user deploy, passphrase silver-harbor-meadow27", "silver-harbor-meadow27"),
    ("<p>the account key is Zq8/Lm2+Vx7Pk4Wn3Rt5Ys6Ab1Cd9Ef0Gh==</p>", "Zq8/Lm2+Vx7Pk4Wn3Rt5Ys6Ab1Cd9Ef0Gh=="),
    # a CSV cell (quotes doubled) around code, XML, a k8s env pair, service-account JSON
    ('7,"const WEBHOOK_SECRET = ""Lp9Vx2Qz7Mk4Wn8R"";"', "Lp9Vx2Qz7Mk4Wn8R"),
    ('3,"System.setProperty(""BILLING_TOKEN"", ""c0ffee12ab34cd56ef78ab90cd12ef34ab56cd78"");"', "c0ffee12ab34"),
    ('3,"<add key=""MailPassword"" value=""Qx7Lp2Vz9Mk4"" />"', "Qx7Lp2Vz9Mk4"),
    ('4,"<Setting Name=""SmtpPassword"" Value=""=qrT=b!KZ8wLp3"" />"', "=qrT=b!KZ8wLp3"),
    ('9,"  - {name: API_SECRET, value: ""Rt5Kp8Lx2Qz9Wm4V""}"', "Rt5Kp8Lx2Qz9Wm4V"),
    (
        'row,"{\n  ""type"": ""service_account"",\n  ""private_key_id"": ""'
        + "3f" * 20
        + '"",\n  ""token_uri"": ""https://oauth2.googleapis.com/token""\n}"',
        "3f" * 20,
    ),
    (
        'env,"export SA=""{\\""private_key_id\\"": \\""'
        + "a7" * 20
        + '\\"", \\""type\\"": \\""service_account\\""}"""',
        "a7" * 20,
    ),
    ('{"client_id": "1234.apps.googleusercontent.com", "client_secret": "GOCSPX-Vq3Lm8Zx2Pk9Wn4Rt7"}', "Vq3Lm8Zx2Pk9"),
    # PEM blocks: e-mail/review quoted, truncated, ending in `...`, beside an EXAMPLE elsewhere
    ("> key: |-\n>   -----BEGIN PRIVATE KEY-----\n>   " + "\n>   ".join(PEM_BODY), PEM_BODY[1]),
    ("-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(PEM_BODY) + "\n...", PEM_BODY[2]),
    (
        "the docs use AKIAIOSFODNN7EXAMPLE; mine:\n-----BEGIN EC PRIVATE KEY-----\n" + "\n".join(PEM_BODY),
        PEM_BODY[0],
    ),
    ("# -----BEGIN OPENSSH PRIVATE KEY-----\n# " + "\n# ".join(PEM_BODY), PEM_BODY[2]),
    ("+> -----BEGIN PRIVATE KEY-----\n+> " + "\n+> ".join(PEM_BODY), PEM_BODY[2]),
    ("   7 | -----BEGIN RSA PRIVATE KEY-----\n   8 | " + "\n   9 | ".join(PEM_BODY), PEM_BODY[2]),
    ("&gt; -----BEGIN EC PRIVATE KEY-----\n&gt; " + "\n&gt; ".join(PEM_BODY), PEM_BODY[1]),
    ("> Private-Lines: 2\n> " + PEM_BODY[0] + "\n> " + PEM_BODY[1] + "</pre>", PEM_BODY[1]),
    # wrappers around whole blocks: a SQL string (quotes doubled), a markdown table (pipe escaped),
    # a notebook's `source` array of lines, a diff, an HTML-escaped paragraph
    ("INSERT INTO runbook VALUES ('echo ''Wv5Lq8Zm2Xk7'' | sudo -S reboot');", "Wv5Lq8Zm2Xk7"),
    ("| step | cmd |\n|---|---|\n| 2 | echo 'Ub6Zq3Lm9Wx2' \\| sudo -S apt upgrade |", "Ub6Zq3Lm9Wx2"),
    (
        '{"source": [\n  "-----BEGIN PRIVATE KEY-----\\n",\n  "'
        + PEM_BODY[0]
        + '\\n",\n  "'
        + PEM_BODY[1]
        + '\\n"\n ]}',
        PEM_BODY[1],
    ),
    ('{"source": ["- name: RELAY_PASSWORD\\n", "  value: Kc7Lq2Zx9Wm4\\n"]}', "Kc7Lq2Zx9Wm4"),
    ("+FROM alpine\n+ENV API_TOKEN Hv3Lq8Zm2Wx6Kp9R\n", "Hv3Lq8Zm2Wx6Kp9R"),
    ("#   env:\n#   - name: DB_PASS\n#     value: Qd4Lz7Wm2Xv9", "Qd4Lz7Wm2Xv9"),
    ("&lt;p&gt;the storage key is Mv8/Lq2+Zx7Wk4Rn3Ts5Yp6Ab1Cd9Ef==&lt;/p&gt;", "Mv8/Lq2+Zx7Wk4Rn3Ts5Yp6Ab1Cd9Ef=="),
    # values shaped `name.name` in a credential's position
    ("redis://:orbit.Lantern@cache.internal:6379/0", "orbit.Lantern"),
    ("postgres://app:mellow.Tulip7@db:5432/app", "mellow.Tulip7"),
    (
        "Authorization: Bearer ya29.a0AfB_byC3xQ9LmP2vZk7WnRt5Hs8JdF4gYc1",
        "a0AfB_byC3xQ9LmP2vZk7WnRt5Hs8JdF4gYc1",
    ),
]

# the credential classes the rules cover already, in fresh shapes (they must stay covered)
COVERED: list[tuple[str, str]] = [
    ("mysql -h db -u root -pVb7Lq2Zx9Mk4 shop", "Vb7Lq2Zx9Mk4"),
    ("redis-cli -h cache.local -a 'Nm4Wq8Lz2Xp6' info", "Nm4Wq8Lz2Xp6"),
    ("sshpass -p Rk5Tz9Wq2Lm7 scp a.tgz ops@10.1.2.3:", "Rk5Tz9Wq2Lm7"),
    ("pgcli --password Cz3Vn8Lq5Wx2 --host db", "Cz3Vn8Lq5Wx2"),
    ("some-tool --pass=Qe6Lm2Zx8Vp4 --verbose", "Qe6Lm2Zx8Vp4"),
    ("az storage blob upload --account-key Yb2Lm8Zx4Vq6Wn3Rt9Ks5Pd1Fg7Hj0Qa2Lm8Zx4Vq6Wn3R== -f a", "Yb2Lm8Zx4Vq6Wn3R"),
    ("gh api --token Kt4Zq8Lm2Vx6Wp3Rn7 /user", "Kt4Zq8Lm2Vx6Wp3Rn7"),
    ("cli login --client-secret 'Jw5Lq9Zx3Vm7Kp2Rt8' --tenant x", "Jw5Lq9Zx3Vm7Kp2Rt8"),
    ("curl -u ci-bot:Pv8Lz3Wq6Xm2 https://nexus.local/repo", "Pv8Lz3Wq6Xm2"),
    ("[database]\ndb_pass = Hq2Zv7Lm4Wx9", "Hq2Zv7Lm4Wx9"),
    ('[smtp]\nauth_token = "Lx6Wq2Zm8Vp4Kr9T"', "Lx6Wq2Zm8Vp4Kr9T"),
    ("SESSION_TOKEN: Gm3Zq7Lx2Vw8Kp5R", "Gm3Zq7Lx2Vw8Kp5R"),
    ('os.environ["RELAY_TOKEN"] = "Dv9Lq3Zx6Wm2Kp8R"', "Dv9Lq3Zx6Wm2Kp8R"),
    ("the login on staging is admin / Fz7Wq2Lm9Xv4", "Fz7Wq2Lm9Xv4"),
    ("pw: Tq5Zm8Lx3Vw7", "Tq5Zm8Lx3Vw7"),
    ('conn = psycopg.connect(host="db", password="Wn4Lq8Zx2Vm6")', "Wn4Lq8Zx2Vm6"),
    ('CONFIG = {"api_key": "Mz6Wq3Lx9Vp2Kr5T", "region": "eu"}', "Mz6Wq3Lx9Vp2Kr5T"),
    ("<password>Sx8Lq2Zm5Wv9</password>", "Sx8Lq2Zm5Wv9"),
    ("- name: SMTP_PASSWORD\n  value: Bq7Zx3Lm8Wv2", "Bq7Zx3Lm8Wv2"),
    ('{"private_key": "-----BEGIN PRIVATE KEY-----\\n' + PEM_BODY[0] + "\\n" + PEM_BODY[1] + '"}', PEM_BODY[1]),
]

# texts whose every character must survive
KEPT: list[str] = [
    "password = get_password()",
    "token = self.token",
    "api_key=api_key",
    'DB_PASSWORD="<password>"',
    "DB_PASS ?= ${DB_PASS}",
    "password: changeme",
    "api_token: your-token-here",
    "password: !secret mqtt_password",
    "DbPassword: !Ref DbPasswordParameter",
    "the boarding pass is ready at the desk",
    "the password reset-flow is broken",
    "password hashing_v2 is enabled",
    "the pass is valid for a day",
    "the pass is HandledByTheAuthenticationMiddleware now",
    "first pass was Step2Done in the log",
    "I tried Argon2id as the password KDF",
    "a pw is required for the admin page",
    "the tests pass locally but the pw reset flow fails",
    '"token_uri": "https://oauth2.googleapis.com/token",',
    'row,"{""token_uri"": ""https://oauth2.googleapis.com/token""}"',
    "DB_PASSWORD=\nrun_migrations --all",
    "secret_token:\n  description: the signing token",
    'cols,"""quoted"" header",""',
    "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----",
    "echo 'hello world' | sudo -S true",
    "echo $PASSWORD | sudo -S apt-get update",
    "net use Z: \\\\fs01\\share /user:backup *",
    # a 32-hex run a paragraph away from a Twilio SID is an ETag, a checksum: no auth token
    "client = Client(sid, token)  # AC" + "0f" * 16 + '\n\netag: W/"' + "9e" * 16 + '"',
    "git push --bypass-hooks origin main",
    '<span class="v">MASTER_KEY=""</span> <span class="c"># your key</span>',
    'define VIM "PLUTO""ZAY mypass""::RF10:[UTIL.VIM]"',
    "git config --global credential.helper store",
    "npm config set token-timeout 30000",
    "x = ''.join(parts); y = ''\nsql = 'SELECT ''a'' AS v'",
    '{"source": ["import os\\n", "token = os.environ[\\"API_TOKEN\\"]\\n"]}',
    'session.auth = ("svc", password)',
    "smtp.login(user, get_password())",
    'client.login("ops", os.environ["OPS_PASSWORD"])',
    "sqlplus / as sysdba",
    "az deployment group create -g rg -p params.json",
    "msbuild app.sln /p:Configuration=Release",
    "set -e\nset -x",
    "ssh_key: |\n  ssh-rsa AAAAB3NzaC1yc2E host",
    "description: |\n  the api token rotates daily",
    "we use it as the password manager for the team",
    "use bcrypt as the password hash",
    # the same batch holds a doubled-quote escape and code whose `""` are empty strings
    'x = 1\n7,"token = ""<TOKEN>"""\nurl.copy_with(username="", password="", path="/")',
    'ctx = ContextVar(\n    "io_token_budget",\n    default=None,\n)',
    '@click.option("--api-key", default=None, help="key")',
    'API_KEY_SENTINEL = "".join(["<", "missing API key", ">"])',
    'def f(token="", secret=""):\n    return ("", secret_store[""])',
    'T = TypeVar("_ApiKeyT", bound=Union[str, Callable])',
    "<title>Your API Key is Ready</title>",
    "# UTF8: identified by box-drawing corner chars",
    '"ypw": "Puwa Yi",',
    "kubectl apply --bypass all-checks",
    "rabbitmqctl add_user",
    "rabbitmqctl add_user guest guest",
    "rabbitmqctl add_user admin Password",
    'cfg.set("pack_tokens", "bullet_list")',
    "GRANT SELECT ON t TO app IDENTIFIED BY PASSWORD",
    'echo "$REGISTRY_TOKEN" | docker login --password-stdin ghcr.io',
]


@pytest.mark.parametrize(("text", "secret"), CAUGHT)
def test_secret_is_redacted(text: str, secret: str) -> None:
    out = R.redact(text)
    assert out is not None
    assert secret not in out.text, out.text


@pytest.mark.parametrize(("text", "secret"), COVERED)
def test_covered_secret_stays_redacted(text: str, secret: str) -> None:
    out = R.redact(text)
    assert out is not None
    assert secret not in out.text, out.text


@pytest.mark.parametrize("text", KEPT)
def test_lookalike_survives(text: str) -> None:
    out = R.redact(text)
    assert out is not None
    assert out.text == text, out.text


def test_redacting_twice_changes_nothing() -> None:
    once = R.redact("\n".join(t for t, _ in CAUGHT))
    assert once is not None
    twice = R.redact(once.text)
    assert twice is not None and twice.text == once.text and twice.counts == {}


def test_a_truncated_key_does_not_run_into_the_table_after_it() -> None:
    text = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(PEM_BODY) + "\n\n| field | value |\n| --- | --- |"
    out = R.redact(text)
    assert out is not None and PEM_BODY[2] not in out.text and "| field | value |" in out.text, out.text


@pytest.mark.parametrize(
    ("build", "n"),
    [
        (lambda n: "echo '" + "a" * n, 50_000),
        (lambda n: "rabbitmqctl add_user " + "x " * n, 30_000),
        (lambda n: "net use " + "\\\\s " * n, 20_000),
        (lambda n: '""' * n + "x", 50_000),
        (lambda n: "> " * n + "-----BEGIN PRIVATE KEY-----\n" + ">\n" * n, 40_000),
        (lambda n: "PASS ?= !!" + "!" * n, 50_000),
        (lambda n: "pass is " * n, 20_000),
        (lambda n: "smbclient -U " + "a%" * n, 30_000),
        (lambda n: "sqlplus " + "u/" * n, 30_000),
        (lambda n: "schtasks " + "/RP " * n, 20_000),
        (lambda n: "setenv TOKEN " * n, 10_000),
        (lambda n: "password: |\n " * n, 10_000),
        (lambda n: "Private-Lines: 1\n" + "AAAA " * n, 20_000),
        (lambda n: "use " * n + "x as the password", 20_000),
        (lambda n: 'auth=("' + "u" * 60 + '", ' * n, 10_000),
        (lambda n: 'x,"' + '""a' * n, 30_000),
    ],
)
def test_long_adversarial_inputs_stay_fast(build: Callable[[int], str], n: int) -> None:
    def run(text: str) -> None:
        assert R.redact(text) is not None

    assert_linear(run, build, n)


def test_a_masked_finding_lends_no_value_to_the_batch() -> None:
    # our own rules' findings are masked before the secret engine runs: the stand-in glued to the
    # markup after it must not become a "value" redacted in every other text of the batch
    texts = ["<pre><code>password: Kq8#vLz2Wm5x</code></pre>", "<pre><code>password: xxxxxxxx</code></pre>"]
    spans = R.spans_many(texts)
    assert spans[1] == []
