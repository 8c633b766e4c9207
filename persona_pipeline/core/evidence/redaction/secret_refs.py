"""References to a secret held in a secret store: what a config file puts where the secret would
be, so that the store injects it at run time. Each shape is a documented reference syntax: a path
of names into the store, never the secret itself, so a value of that shape under a credential key
is kept (`GITHUB_TOKEN=op://ci/github/token`)."""

from __future__ import annotations

from persona_pipeline.core.evidence.redaction.matching import Rx

# (anchored both ends: the whole value is the reference; a segment is one name, no whitespace)
_REFERENCE = Rx(
    r"^(?:"
    # 1Password: op://<vault>/<item>[/<section>]/<field>[?attribute=<a>]
    # (developer.1password.com/docs/cli/secret-reference-syntax)
    # (a name may hold single spaces: `"op://dev/OpenAI API/credential"`, quoted where it is used)
    r"op://(?:[^/\s?]+(?: [^/\s?]+)*/){2,3}[^/\s?]+(?: [^/\s?]+)*(?:\?attribute=[\w-]+)?"
    # Bank-Vaults webhook: vault:<path>#<key>[#<version>] (bank-vaults.dev/docs/mutating-webhook)
    r"|vault:[\w.-]+(?:/[\w.-]+)+#[\w.-]+(?:#\d+)?"
    # vals / helmfile: ref+<backend>://<path>[?params][#/<key>] (github.com/helmfile/vals)
    r"|ref\+[a-z0-9]+://[\w./:@%?=&#+-]+"
    # Berglas: sm://<project>/<secret>[#<version>], berglas://<bucket>/<object>
    # (github.com/GoogleCloudPlatform/berglas)
    r"|(?:sm|berglas)://[\w.-]+/[\w./-]+(?:#\d+)?"
    # an ARN naming a Secrets Manager secret or an SSM parameter (an ECS task's `valueFrom`,
    # docs.aws.amazon.com/AmazonECS/latest/developerguide/secrets-envvar-secrets-manager.html)
    r"|arn:aws[\w-]*:(?:secretsmanager|ssm):[\w-]*:\d*:(?:secret:|parameter/)[\w./:+=@-]+"
    # Google Secret Manager's resource name (cloud.google.com/secret-manager/docs/reference/rest)
    r"|projects/[\w-]+/secrets/[\w-]+(?:/versions/[\w-]+)?"
    r")$"
)

# vals backends whose "path" is the value itself (`ref+echo://<secret>`), not a store's name for it
_LITERAL_BACKENDS = ("ref+echo:", "ref+envsubst:")


def is_reference(value: str) -> bool:
    """Whether the whole value is a documented secret-store reference (a path, not a secret)."""
    if value.startswith(_LITERAL_BACKENDS):
        return False  # vals' `echo`/`envsubst` evaluate to the text after `://`: the value itself
    return _REFERENCE.match(value)
