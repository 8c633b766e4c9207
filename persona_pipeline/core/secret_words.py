"""Words for "password" in other languages, as an ASCII key or label spells them (`mot_de_passe`
is read through `passe`). A leaf module: redaction's label rules and the readers' check of answers
given by number both read it."""

FOREIGN_PASSWORD_WORDS = (
    "senha",
    "kennwort",
    "wachtwoord",
    "contrasena",
    "haslo",
    "sifre",
    "parola",
    "salasana",
    "heslo",
    "lozinka",
    "jelszo",
    "geslo",
    "losenord",
)
