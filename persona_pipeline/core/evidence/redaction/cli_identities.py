"""The caller's identity as command-line tools, CI runners and app SDKs print or take it.

- A documented "who am I" command at a shell prompt (`$ whoami`, `$ npm whoami`, `$ heroku
  auth:whoami`, `$ vercel whoami`, `$ fly auth whoami`, `$ oc whoami`, `$ gh api user -q .login`,
  `$ id -un`, `$ logname`, `$ echo $USER` and the CI variables that hold the triggering user's
  login, GitLab's `$GITLAB_USER_LOGIN` and GitHub's `$GITHUB_ACTOR`): its next line, one token,
  is the caller's login. `$ git config [--global] user.name`: its next line is their name.
- `docker info`'s ` Username: <login>` line (the registry login), after that command.
- An AWS IAM user's ARN, `arn:aws:iam::<account>:user/[path/]<name>` (IAM identifiers, "IAM ARNs"):
  the user name (AWS's documentation accounts, 123456789012 and 111122223333, are examples).
- Jenkins' build cause, `Started by user <full name>`.
- An app SDK's user identifier call: Firebase Crashlytics `setUserID("…")` / `setUserId("…")`,
  `setUserIdentifier`: the app's user's id, as the app gives it (a uuid or a number is left: no
  login, and an anonymous install's id).

A command's output line may carry the same prefix as the command's line (a log's timestamp, a
logcat tag): the prefix is matched by its shape (digits may differ). A system account (`root`,
`runner`, `SYSTEM`…, `pii`'s list) is left. Each pattern is anchored on a literal: linear.
"""

from __future__ import annotations

import re

from persona_pipeline.core.evidence.redaction.person_records import plausible_value
from persona_pipeline.core.evidence.redaction.spans import Span

_WHOAMI = re.compile(
    # (a prompt: POSIX `$`, zsh `%`, `❯`, PowerShell's `PS <path>>`; the command may carry flags)
    r"(?:\$|%|\u276f|PS [^\n>]{0,200}>)[ \t]+"
    r"(?:whoami|(?:npm|pnpm|yarn(?:[ \t]+npm)?)[ \t]+whoami|heroku[ \t]+(?:auth:)?whoami|vercel[ \t]+whoami|"
    r"fly(?:ctl)?[ \t]+auth[ \t]+whoami|oc[ \t]+whoami|gh[ \t]+api[ \t]+user[ \t]+(?:-q|--jq)[ \t]+\.login|"
    r"id[ \t]+-un|logname|"
    r"echo[ \t]+\"?\$\{?(?:USER|LOGNAME|GITLAB_USER_LOGIN|GITHUB_ACTOR|CI_COMMIT_AUTHOR_LOGIN)\}?\"?"
    r"|(git[ \t]+config[ \t]+(?:--global[ \t]+)?user\.name))(?:[ \t]+-[^\n|;&]{0,200})?[ \t]*\r?$",
    re.M,
)
# (`docker info` prints the registry login as ` Username: <login>` among its server lines)
# GitLab's and GitHub's predefined variables naming the user who triggered a job (GitLab CI/CD
# predefined variables; GitHub Actions default environment variables), as an env dump prints them
_ENV_VARS = {
    "GITLAB_USER_LOGIN": "user_name",
    "GITHUB_ACTOR": "user_name",
    "GITHUB_TRIGGERING_ACTOR": "user_name",
    "GITLAB_USER_NAME": "person_name",
}
# the value after `NAME=` to the line's end (read at each `find` of a variable's name)
_ENV_VALUE = re.compile(r"=([^\n\r\"'$]{2,80}?)[ \t]*\r?(?:\n|$)")
# `gh auth status`: "Logged in to <host> account <login>" (older: "as <login>")
_GH_STATUS = re.compile(r"Logged in to [\w.-]{3,80} (?:account|as) ([\w-]{2,39})\b")
# a registry login's user flag (`docker login`, `podman login`, `helm registry login`: `-u`)
_REGISTRY_LOGIN = re.compile(
    r"\b(?:docker|podman|helm[ \t]+registry|buildah|skopeo)[ \t]+login\b[^\n|;&]{0,200}?[ \t]-u[ \t=]+([\w.@-]{2,64})"
)
# user names registries document as fixed (no person's): GitLab's `gitlab-ci-token` (with
# $CI_JOB_TOKEN), Google Artifact/Container Registry's `_json_key`, `_json_key_base64` and
# `oauth2accesstoken`, GitHub's `x-access-token`, Azure Container Registry's null GUID for a token login
_FIXED_REGISTRY_USERS = frozenset(
    (
        "gitlab-ci-token",
        "_json_key",
        "_json_key_base64",
        "oauth2accesstoken",
        "x-access-token",
        "00000000-0000-0000-0000-000000000000",
    )
)
# placeholders an app or a prompt gives for no user
_NO_USER = frozenset(("guest", "anonymous", "unknown", "none", "null", "nobody", "user", "test", "default"))
_COMMAND_WORDS = ("whoami", "echo", "user.name", "-un", "logname", ".login")
_USERNAME_LINE = re.compile(r"(?m)(?:^|[ \t])Username:[ \t]+([^\s\"'<>]{2,64})[ \t]*\r?$")
_DOCKER_REACH = 3000
_IAM_USER = re.compile(r"arn:aws[a-z-]{0,12}:iam::(\d{12}):user/(?:[\w+=,.@-]{1,64}/){0,8}([\w+=,.@-]{1,64})")
_DOC_ACCOUNTS = frozenset(("123456789012", "111122223333", "444455556666", "000000000000"))
# (the line may end in an HTML break: a console log shown as a web page)
_STARTED_BY = re.compile(r"\bStarted by user[ \t]+([^\n\r\\<]{2,80}?)[ \t]*(?=\r?\n|\\n|<br|$)")
_SET_USER = re.compile(r"\.setUser(?:ID|Id|Identifier)\([ \t]*(?:@|\\?)[\"']([^\"'\\\n]{2,80})\\?[\"']")
_OPAQUE = re.compile(r"(?i)^(?:[0-9a-f-]{8,}|\d+)$")
_TOKEN = re.compile(r"[\w.@+-]{2,64}")


def _shape(s: str) -> str:
    return re.sub(r"\d", "0", s)


def _next_line(text: str, cmd: re.Match[str]) -> tuple[int, int] | None:
    """The output line after a command's line, less the prefix the command's line carries."""
    line_start = text.rfind("\n", 0, cmd.start()) + 1
    prefix = text[line_start : cmd.start()]
    nl = text.find("\n", cmd.end())
    if nl < 0:
        return None
    a = nl + 1
    b = text.find("\n", a)
    b = len(text) if b < 0 else b
    if prefix.strip():
        if _shape(text[a : a + len(prefix)]) != _shape(prefix):
            return None
        a += len(prefix)
    while a < b and text[a] in " \t":
        a += 1
    while b > a and text[b - 1] in " \t\r":
        b -= 1
    return (a, b) if a < b else None


def _system(login: str) -> bool:
    from persona_pipeline.core.evidence.redaction.pii import system_account

    return system_account(login) or login.isupper()


def _name(value: str) -> bool:
    """A person's name by the engine's reading (a bot's or a team's name, a description line, is none)."""
    if not plausible_value("person_name", value) or value.endswith((".", ":", "!")):
        return False
    if not value.isascii():
        return True
    from persona_pipeline.core.evidence.redaction.pii import person_cell

    return person_cell(value)


def _fixed_registry_user(login: str) -> bool:
    low = login.lower()
    return low in _FIXED_REGISTRY_USERS or low.startswith(("your-", "your_", "my-", "my_", "<"))


def _login_ok(value: str) -> bool:
    return (
        any(c.isalpha() for c in value)
        and not value.endswith((".", ":"))
        and value.lower() not in _NO_USER
        and "[REDACTED" not in value
        and "$" not in value
        and not _system(value.split("@")[0])
    )


def _command_lines(text: str) -> list[re.Match[str]]:
    """The whoami-family command lines: each line holding a command word (C-speed `find`s), read by
    `_WHOAMI` on that line alone (a full-text search tried its prompt alternatives at every character)."""
    starts: set[int] = set()
    for word in _COMMAND_WORDS:
        i = text.find(word)
        while i >= 0:
            starts.add(text.rfind("\n", 0, i) + 1)
            nl = text.find("\n", i)
            i = -1 if nl < 0 else text.find(word, nl + 1)
    out = []
    for a in sorted(starts):
        b = text.find("\n", a)
        m = _WHOAMI.search(text, a, len(text) if b < 0 else b)
        if m is not None:
            out.append(m)
    return out


def cli_identity_spans(text: str) -> list[Span]:
    out: list[Span] = []
    for var, kind in _ENV_VARS.items():
        i = text.find(var + "=")
        while i >= 0:
            m = _ENV_VALUE.match(text, i + len(var))
            if m is not None and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
                v = m[1].strip()
                if _name(v) if kind == "person_name" else (_TOKEN.fullmatch(v) and _login_ok(v)):
                    out.append(Span(m.start(1), m.start(1) + len(v), kind))
            i = text.find(var + "=", i + 1)
    if "Logged in to" in text:
        out.extend(Span(*m.span(1), "user_name") for m in _GH_STATUS.finditer(text) if _login_ok(m[1]))
    if " login" in text and "-u" in text:
        for m in _REGISTRY_LOGIN.finditer(text):
            # (a pipeline's own robot login, `-u ci`, is the service's: a person's has a digit or a separator)
            v = m[1]
            if _login_ok(v) and any(c.isdigit() or c in "._-" for c in v[1:]) and not _fixed_registry_user(v):
                out.append(Span(*m.span(1), "user_name"))
    for m in _command_lines(text):
        got = _next_line(text, m)
        if got is None:
            continue
        value = text[got[0] : got[1]]
        if m.group(1):  # git config user.name: the person's name
            if _name(value):
                out.append(Span(*got, "person_name"))
        elif _TOKEN.fullmatch(value) and _login_ok(value):
            out.append(Span(*got, "email" if "@" in value else "user_name"))
    if "docker info" in text and "Username:" in text:
        for m in _USERNAME_LINE.finditer(text):
            v = m[1]
            if text.rfind("docker info", max(0, m.start() - _DOCKER_REACH), m.start()) < 0:
                continue  # (a config's `username:` names a service account as often)
            if any(c.isalpha() for c in v) and not _system(v) and "[REDACTED" not in v and "$" not in v:
                out.append(Span(*m.span(1), "user_name"))
    if ":iam::" in text:
        for m in _IAM_USER.finditer(text):
            if m[1] not in _DOC_ACCOUNTS and not _system(m[2]):
                out.append(Span(*m.span(2), "user_name"))
    if "Started by user" in text:
        for m in _STARTED_BY.finditer(text):
            if _name(m[1]) and not _system(m[1]):
                out.append(Span(*m.span(1), "person_name"))
    if ".setUser" in text:
        for m in _SET_USER.finditer(text):
            if not _OPAQUE.match(m[1]) and _login_ok(m[1]):
                out.append(Span(*m.span(1), "user_name"))
    return out
