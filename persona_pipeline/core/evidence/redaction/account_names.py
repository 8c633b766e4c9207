"""A person's account name (login) read from the structure that names it as one.

- A Terraform user resource: resource types are named `<provider>_<type>` (Terraform's
  configuration language, "Resources"), and a `*_user` type (`auth0_user`, `okta_user`,
  `aws_iam_user`, `gitlab_user`…) creates accounts. An instance of one keyed by `for_each` is
  addressed `<type>.<name>["<key>"]` (a plan's `# auth0_user.staff["<key>"] will be created`) and
  stored in the state as `"index_key": "<key>"` under `"type": "<…>_user"`: the key is the account's.
- An HCL map of objects keyed by login, `"<key>" = { name = "…", email = "…" }`: a quoted key (HCL
  attribute names are bare identifiers; a quoted one is data) whose one-line object holds an `email`
  attribute is that person's key.
- The user and group names that `id` (POSIX) and `coredumpctl`/`ps` print beside a numeric id:
  `uid=1000(<name>)`, `UID: 1000 (<name>)`. A system account (`root`, `www-data`…, or any id in
  the system range) is left.
- A command line's login option, `--username <name>` / `--user-name=<name>` (AWS CLI's
  `cognito-idp admin-get-user --username`, `psql --username`, `docker login --username`); a UUID,
  a template or a database's built-in role is left.
- An Ansible host's connection user (`ansible_user`, `ansible_ssh_user`, `ansible_become_user`: its
  documented inventory parameters) and the Grafana Helm chart's `adminUser`; a system account is left.
- A tool's config or report naming its login: `.pypirc`'s `username` (beside `index-servers`),
  `docker info`'s `Username:`, git's `[github]` `user` (each its tool's documented key).
- An SSH-family command's `user@<IP address>` destination (an address on a host name is the e-mail
  rules'); a system account (`ubuntu`, `root`…) is left.

Every pattern is anchored on a literal and bounded (`_REACH` for the state's index key): linear.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

_REACH = 2000  # characters from a state resource's type to its instances' index keys

_TYPE = r"[a-z][a-z0-9]{0,30}(?:_[a-z0-9]{1,30}){0,4}_user"
# a plan's or an address's instance key: `auth0_user.staff["k"]`, found from its literal `_user.`
# (a scan at C speed) and its type's provider prefix then read backwards
_ADDRESS = re.compile(r"_user\.[A-Za-z_][A-Za-z0-9_-]{0,64}\[\"([^\"\\\n\[\]]{1,64})\"\]")
_TYPE_HEAD = re.compile(r"(?<![\w.])[a-z][a-z0-9]{0,30}(?:_[a-z0-9]{1,30}){0,4}\Z")
# a state resource of a user type, then (within `_REACH`) its instances' keys
_STATE_TYPE = re.compile(rf"\"type\"[ \t]*:[ \t]*\"{_TYPE}\"")
_INDEX_KEY = re.compile(r"\"index_key\"[ \t]*:[ \t]*\"([^\"\\\n]{1,64})\"")
_NEXT_TYPE = re.compile(r"\"type\"[ \t]*:")
# an HCL map entry keyed by a quoted string, its object on one line holding an `email` attribute
_MAP_ENTRY = re.compile(r"\"([^\"\\\n=]{1,64})\"[ \t]*=[ \t]*\{([^{}\n]{1,400})\}")
_EMAIL_ATTR = re.compile(r"(?:^|[\s,])email[ \t]*=[ \t]*\"[^\"\n]*@")
# `uid=1000(name)` (id, and its `groups=` list's first, the primary group), `UID: 1000 (name)`
# (coredumpctl): POSIX user names
# (a person's id only: 1000 and up, login.defs' UID_MIN on Debian, Ubuntu and Fedora, whose system
# accounts take 100-999 from the top down; or 500-599, where macOS numbers its first users from 501)
_UID = Rx(  # (RE2: its DFA scans the text once; `re` tried the label's alternatives at every character)
    r"\b(?:uid|UID|gid|GID|euid|EUID|groups)(?:=|:[ \t]*)(?:[1-9]\d{3,9}|5\d\d)[ \t]?\(([a-z_][a-z0-9_.-]{0,31})\)"
)
# a login option and its value (bare or quoted)
# (not `--login`: bash's, su's and sudo's take no value, a login shell)
_OPTION = re.compile(r"--(?:username|user-name)(?:=|[ \t]+)[\"']?([A-Za-z0-9_][A-Za-z0-9_.@+-]{0,63})")
# an Ansible host's connection user (Ansible's docs, "Connecting to hosts: behavioral inventory
# parameters": `ansible_user`, `ansible_ssh_user`, `ansible_become_user`) in an INI inventory
# (`host ansible_user=x`), YAML (`ansible_user: x`) or JSON (`"ansible_user": "x"`, the quotes
# possibly escaped), and the Grafana Helm chart's documented `adminUser` value
_CONN_USER = re.compile(
    r"(?<![A-Za-z0-9_])(?:ansible_(?:ssh_|become_)?user|adminUser)(?:\\{0,3}[\"'])?[ \t]*[=:][ \t]*"
    r"(?:\\{0,3}[\"'])?([A-Za-z0-9_][A-Za-z0-9_.@+-]{0,63})"
)
# an SSH-family command's destination `user@host` (OpenSSH's ssh(1) `[user@]hostname`) on an IP
# address, which no e-mail rule reads: the user is the remote account's login
_SSH_DEST = re.compile(
    r"\b(?:ssh|scp|sftp|mosh|sshpass)\b[^\r\n|;&]{0,200}?[ \t]([a-z_][a-z0-9_.-]{0,31})@"
    r"(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9A-Fa-f:]{2,39}\])"
)
# a tool's own config or report naming the account it logs in as, each from its documentation:
# - `.pypirc` (PyPA, "The .pypirc file"): a `[server]` section's `username = …` in a file declaring
#   `index-servers`; PyPI's API-token user `__token__` is no one's;
# - `docker info` (Docker CLI reference): its ` Username: …` line, the registry login;
# - hub's and GitHub tools' `github.user` git setting: `[github]` then `user = …`.
# (a line's break raw, JSON-escaped or `<br>`; the git section's tab possibly escaped `\t`)
_BREAK = r"(?:^|\r?\n|\\n|<br ?/?>)"
_PYPIRC_USER = re.compile(rf"(?m){_BREAK}[ \t]*username[ \t]*[=:][ \t]*([A-Za-z0-9_][A-Za-z0-9_.@+-]{{0,63}})")
_DOCKER_USER = re.compile(rf"(?m){_BREAK}[ \t]*Username:[ \t]*([A-Za-z0-9_][A-Za-z0-9_.@+-]{{0,63}})")
_GITHUB_USER = re.compile(
    r"\[github\][ \t]*(?:\r?\n|\\n|<br ?/?>)(?:[ \t]|\\t){0,8}user[ \t]*=[ \t]*([A-Za-z0-9_][A-Za-z0-9_.-]{0,63})"
)
_TOKEN_USER = "__token__"
# container-OS images' default users (Fedora CoreOS and Flatcar's `core`, Bottlerocket's `ec2-user`
# is the system list's): an image's account, no person's
_IMAGE_USERS = frozenset(("core",))
_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
# a database's built-in administrator roles (PostgreSQL's initdb superuser `postgres`, MySQL's
# `root`, SQL Server's `sa`, Oracle's `sys`/`system`): a product's account, no person's
_DB_ROLES = frozenset(("postgres", "mysql", "sa", "sys", "system", "mariadb"))
_TEMPLATE_VALUE = re.compile(r"^(?:[A-Z][A-Z0-9_]{2,}|\$.*|<.*|x+|user(?:name)?|admin|me|you|test)$")


def _login(value: str) -> bool:
    # (three letters at least: `u998`, `k1` are a record's or an index's ids, no one's login)
    letters = sum(c.isalpha() for c in value)
    if letters < 3 or _TEMPLATE_VALUE.match(value) or _UUID.match(value) or value.lower() in _DB_ROLES:
        return False  # (a generated id, a template, a product's role)
    from persona_pipeline.core.evidence.redaction.pii import system_account  # (here: `pii` imports this module)

    return not system_account(value)


def account_name_spans(text: str) -> Iterator[Span]:
    if "_user" in text:
        for m in _ADDRESS.finditer(text) if "_user." in text else ():
            if _TYPE_HEAD.search(text, max(0, m.start() - 160), m.start()) and _login(m.group(1)):
                yield Span(*m.span(1), "user_name")
        for t in _STATE_TYPE.finditer(text):
            nxt = _NEXT_TYPE.search(text, t.end(), t.end() + _REACH)
            end = nxt.start() if nxt is not None else min(len(text), t.end() + _REACH)
            for m in _INDEX_KEY.finditer(text, t.end(), end):
                if _login(m.group(1)):
                    yield Span(*m.span(1), "user_name")
    if "email" in text and "= {" in text:
        for m in _MAP_ENTRY.finditer(text):
            if _EMAIL_ATTR.search(m.group(2)) and _login(m.group(1)):
                yield Span(*m.span(1), "user_name")
    if "id=" in text or "ID:" in text or "id:" in text or "ID=" in text or "groups=" in text:
        for _, (a, b) in _UID.finditer(text):
            if _login(text[a:b]):
                yield Span(a, b, "user_name")
    if "ansible_" in text or "adminUser" in text:
        for m in _CONN_USER.finditer(text):
            if _login(m.group(1)):
                yield Span(*m.span(1), "user_name")
    if "ssh" in text or "scp" in text or "sftp" in text or "mosh" in text:
        for m in _SSH_DEST.finditer(text):
            if m.group(1) not in _IMAGE_USERS and _login(m.group(1)):
                yield Span(*m.span(1), "user_name")
    for gate, rx in (("index-servers", _PYPIRC_USER), ("docker info", _DOCKER_USER), ("[github]", _GITHUB_USER)):
        if gate in text:
            for m in rx.finditer(text):
                if m.group(1) != _TOKEN_USER and _login(m.group(1)):
                    yield Span(*m.span(1), "user_name")
    if "--user" in text:
        for m in _OPTION.finditer(text):
            if (m.start() == 0 or text[m.start() - 1] in " \t") and _login(m.group(1)):
                yield Span(*m.span(1), "user_name")
