"""The reference grammars the closed classes of `tongues` are taken from, one per language.

Every form in the data modules is a closed-class word or affix these grammars list (negators,
prohibitive and imperative markers, modals of obligation, frequency adverbs, interrogative
particles and pronouns, time deixis, demonstratives), written from the grammar of the language,
never from a sentence the project is measured on.
"""

from __future__ import annotations

ZH = (
    "Li & Thompson, Mandarin Chinese: A Functional Reference Grammar (1981); "
    "Yip & Rimmington, Chinese: A Comprehensive Grammar (2004); Wiktionary: Category:Mandarin particles"
)
JA = (
    "Martin, A Reference Grammar of Japanese (1975); Kaiser et al., Japanese: A Comprehensive Grammar "
    "(2013); Wiktionary: Category:Japanese particles"
)
KO = "Sohn, The Korean Language (1999); Yeon & Brown, Korean: A Comprehensive Grammar (2011)"
ES = "Butt & Benjamin, A New Reference Grammar of Modern Spanish (2011); RAE, Nueva gramática (2009)"
PT = "Hutchinson & Lloyd, Portuguese: An Essential Grammar (2003); Wiktionary: Category:Portuguese adverbs"
FR = "Hawkins & Towell, French Grammar and Usage (2015); Grevisse, Le Bon Usage"
DE = "Durrell, Hammer's German Grammar and Usage (2011); Duden, Die Grammatik"
RU = "Wade, A Comprehensive Russian Grammar (2011); Wiktionary: Category:Russian particles"
HI = "Kachru, Hindi (2006); Koul, Modern Hindi Grammar (2008)"
IT = "Maiden & Robustelli, A Reference Grammar of Modern Italian (2007)"
PL = "Swan, A Grammar of Contemporary Polish (2002); Bielec, Polish: An Essential Grammar (2012)"
TR = "Göksel & Kerslake, Turkish: A Comprehensive Grammar (2005)"
EL = "Holton, Mackridge, Philippaki-Warburton & Spyropoulos, Greek: A Comprehensive Grammar (2012)"
VI = "Thompson, A Vietnamese Reference Grammar (1987); Nguyễn Đình Hoà, Vietnamese (1997)"
SV = "Holmes & Hinchliffe, Swedish: A Comprehensive Grammar (2013)"
CS = "Naughton, Czech: An Essential Grammar (2005)"
HU = "Rounds, Hungarian: An Essential Grammar (2001)"
UK = "Pugh & Press, Ukrainian: A Comprehensive Grammar (1999)"
HE = "Glinert, Modern Hebrew: An Essential Grammar (2005)"
RO = "Gönczöl-Davies, Romanian: An Essential Grammar (2008)"
DA = "Lundskær-Nielsen & Holmes, Danish: A Comprehensive Grammar (2010)"
