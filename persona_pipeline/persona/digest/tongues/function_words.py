"""Function words of other languages: articles, prepositions, conjunctions, pronouns, possessives,
copulas and auxiliaries, negators and common particles (casefolded).

They say nothing of what a statement is about, as English's closed classes do not
(`similarity._CLOSED`), yet the English frequency list weighs them as rare words ("mir", "für",
"den" are rare in English): two unrelated German requests would share them as they share a tool's
name. Not read as content in a sentence of another language (`tongues.function_words`).
Spaceless scripts have none here: their bigrams are cut across words.
"""

from __future__ import annotations

from persona_pipeline.persona.digest.tongues import sources as S


def _w(words: str) -> frozenset[str]:
    return frozenset(words.split())


FUNCTION_WORDS: dict[str, tuple[frozenset[str], str]] = {
    "es": (
        _w(
            "el la los las un una unos unas lo al del de a en con por para sin sobre entre hasta desde y o u e "
            "pero que como si porque cuando mi mis tu tus su sus nuestro nuestra me te se le les nos yo tú él "
            "ella ellos ellas usted ustedes es son está están ser estar ha han hay muy más ya también eso esto "
            "no ni"
        ),
        S.ES,
    ),
    "pt": (
        _w(
            "o a os as um uma uns umas de do da dos das em no na nos nas ao aos à às por pelo pela para com sem "
            "sobre entre até desde e ou mas que como se porque quando meu minha seu sua nosso nossa me te lhe eu "
            "você ele ela eles elas é são está estão ser estar tem há muito mais já também isso isto não nem"
        ),
        S.PT,
    ),
    "fr": (
        _w(
            "le la les un une des du de au aux à en dans par pour avec sans sur sous entre et ou mais que qu qui "
            "comme si quand mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs je tu il elle on nous "
            "vous ils elles me te se est sont être ont avoir très plus déjà aussi ça cela ceci ne pas"
        ),
        S.FR,
    ),
    "de": (
        _w(
            "der die das den dem des ein eine einen einem einer eines und oder aber doch dass wenn weil als wie ob "
            "in im ins an am auf aus bei mit nach von vom zu zum zur für über unter vor durch gegen ohne um bis "
            "ich du er sie es wir ihr mich mir dich dir uns euch ihm ihn ihnen sich mein meine dein deine sein "
            "seine unser unsere ist sind war bin bist hat haben habe wird werden sehr schon auch noch nur so da "
            "hier dort nicht kein keine bitte mal"
        ),
        S.DE,
    ),
    "ru": (
        _w(
            "и в во на с со к ко по за из от до о об у для без при про через над под а но или что как если когда "
            "потому чтобы я ты он она оно мы вы они меня мне тебя тебе его ему её ее ей нас нам вас вам их им мой "
            "моя моё мои твой наш ваш свой это этот эта эти тот так уже ещё еще тоже также очень только же бы ли "
            "не ни есть был была было были быть"
        ),
        S.RU,
    ),
    "hi": (
        _w(
            "का की के को में से पर तक ने और या लेकिन कि है हैं था थी थे हो यह वह ये वे मैं हम तुम आप मेरा मेरी "
            "मेरे हमारा इस उस भी ही तो नहीं न मत"
        ),
        S.HI,
    ),
}
