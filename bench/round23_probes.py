"""Held-out probes for round 23's personal-data tuning (issue 17, branch tune23).

    python bench/round23_probes.py [--baseline GIT_REV] [--show]

Written BEFORE any tuning on round 23 and never tuned on: everyday records of kinds round 23 does
not contain (a pharmacy label, a payslip, a club roster, a car-rental agreement, a school enrolment,
a tenancy agreement, a delivery note, a donation receipt, a library card, a dental reminder, a
parking permit, a discharge summary, a visa form, a volunteer sheet, a marathon entry, a bank
account opening form, a boarding pass …), with invented people and numbers of other countries than
round 23's (each number valid in libphonenumber's metadata). A probe is right when every one of its
values is gone from the redaction (no 8-character piece of it left); a KEEP probe is right when it
comes out verbatim. Prints how many are right for this tree and, with ``--baseline``, for that
revision.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

# (record text, values that must be gone)
PROBES: list[tuple[str, list[str]]] = [
    (
        "PHARMACY LABEL\nRx 448213 · Amoxicillin 500 mg, 1 capsule 3x daily\nPatient: Tomasz Wiśniewski\n"
        "DOB: 14/02/1981\nTel: +48 512 384 096",
        ["Tomasz Wiśniewski", "14/02/1981", "+48 512 384 096"],
    ),
    (
        "Apotheke am Markt — Abgabeetikett\nFür: Henrike Vollmer, geb. 03.09.1976\nTelefon 0151 23847712",
        ["Henrike Vollmer", "03.09.1976", "0151 23847712"],
    ),
    (
        "PAYSLIP November 2026\nEmployee: Nguyen Thi Lan\nEmployee address: 42 Le Loi, District 1, Ho Chi Minh City\n"
        "Gross pay: 38,500,000 VND",
        ["Nguyen Thi Lan", "42 Le Loi, District 1, Ho Chi Minh City"],
    ),
    (
        "Nómina diciembre 2026\nTrabajador: Ignacio Barrenechea Ortiz\nDomicilio: Calle de Toledo 88, 3º B, "
        "28005 Madrid\nMóvil: 612 384 557",
        ["Ignacio Barrenechea Ortiz", "Calle de Toledo 88, 3º B, 28005 Madrid", "612 384 557"],
    ),
    (
        "Name,Position,Shirt,Mobile\nKwame Asante,Goalkeeper,1,024 238 4471\nEfua Mensah,Striker,9,020 555 1893",
        ["Kwame Asante", "024 238 4471", "Efua Mensah"],
    ),
    (
        "| Player | Handicap | Phone |\n| --- | --- | --- |\n| Siobhan Gallagher | 12 | 087 238 4471 |\n"
        "| Declan Moriarty | 18 | 085 412 7730 |",
        ["Siobhan Gallagher", "087 238 4471", "Declan Moriarty", "085 412 7730"],
    ),
    (
        "CAR RENTAL AGREEMENT No. RA-88213\nRenter: Mateus Carvalho Lima\nDriver's date of birth: 22/07/1990\n"
        "Address: Rua Augusta 214, 2º Esq, 1100-053 Lisboa\nMobile: 912 384 557",
        ["Mateus Carvalho Lima", "22/07/1990", "Rua Augusta 214, 2º Esq, 1100-053 Lisboa", "912 384 557"],
    ),
    (
        "Additional driver: Camila Fuentes, born 5 March 1994, licence held since 2013, tel +56 9 6234 8817",
        ["Camila Fuentes", "5 March 1994", "+56 9 6234 8817"],
    ),
    (
        "SCHOOL ENROLMENT FORM\nPupil's name: Aroha Tipene\nDate of birth: 11 June 2017\n"
        "Parent/guardian: Hemi Tipene\nHome phone: 021 238 4471",
        ["Aroha Tipene", "11 June 2017", "Hemi Tipene", "021 238 4471"],
    ),
    (
        "Fiche d'inscription — Collège Jean Moulin\nÉlève : Inès Bouchareb\nNé(e) le : 17/05/2013\n"
        "Responsable légal : Karim Bouchareb, 06 12 38 45 57",
        ["Inès Bouchareb", "17/05/2013", "Karim Bouchareb", "06 12 38 45 57"],
    ),
    (
        "TENANCY AGREEMENT\nLandlord: Harbour Lets Ltd\nTenant: Olumide Adeyemi\nProperty: Flat 3, 27 Kingsley Road, "
        "Leeds LS6 2AJ\nTenant's mobile: 0803 384 1175",
        ["Olumide Adeyemi", "Flat 3, 27 Kingsley Road, Leeds LS6 2AJ", "0803 384 1175"],
    ),
    (
        "Huurovereenkomst\nHuurder: Sanne de Groot\nAdres: Vondelstraat 112-2, 1054 GS Amsterdam\n"
        "Telefoon: 06-12384557",
        ["Sanne de Groot", "Vondelstraat 112-2, 1054 GS Amsterdam", "06-12384557"],
    ),
    (
        "DELIVERY NOTE #D-20931\nDeliver to: Priyanka Raghunathan\n14 Lakeview Crescent, Toowong QLD 4066\n"
        "Recipient phone: 0412 384 557\nItems: 2 boxes",
        ["Priyanka Raghunathan", "14 Lakeview Crescent, Toowong QLD 4066", "0412 384 557"],
    ),
    (
        "DONATION RECEIPT\nReceived with thanks from: Bartholomew Ashcroft-Reyes\n9 Elm Terrace, Bath BA1 5QP\n"
        "Amount: £250.00 (Gift Aid declared)",
        ["Bartholomew Ashcroft-Reyes", "9 Elm Terrace, Bath BA1 5QP"],
    ),
    (
        "Library card application\nApplicant: Ingrid Haugland\nBorn: 29.11.1988\nAddress: Thereses gate 14, 0452 Oslo\n"
        "Mobile: +47 412 38 557",
        ["Ingrid Haugland", "29.11.1988", "Thereses gate 14, 0452 Oslo", "+47 412 38 557"],
    ),
    (
        "Reminder: dental check-up on 14 Jan at 09:30\nPatient: Giulia Marchetti (nata il 08/04/1979)\n"
        "Please confirm by calling back 347 238 4415",
        ["Giulia Marchetti", "08/04/1979", "347 238 4415"],
    ),
    (
        "RESIDENT PARKING PERMIT APPLICATION\nName of applicant: Lindiwe Dlamini\nResidential address: "
        "56 Jan Smuts Avenue, Parktown, Johannesburg 2193\nContact number: 082 384 1193",
        ["Lindiwe Dlamini", "56 Jan Smuts Avenue, Parktown, Johannesburg 2193", "082 384 1193"],
    ),
    (
        "DISCHARGE SUMMARY\nPatient name: Rafael Domínguez Soto\nDOB: 1958-10-02\nNext of kin: Elena Soto (wife), "
        "+54 9 11 2384-4410",
        ["Rafael Domínguez Soto", "1958-10-02", "Elena Soto", "+54 9 11 2384-4410"],
    ),
    (
        "VISA APPLICATION — Section 1\nSurname: KOWALCZYK\nGiven names: ANNA MARIA\nDate of birth: 30 APR 1992\n"
        "Place of birth: Kraków",
        ["KOWALCZYK", "ANNA MARIA", "30 APR 1992"],
    ),
    (
        "volunteer,shift,phone,email\nDaniela Ríos,Sat AM,55 2384 1177,daniela.rios77@gmail.com\n"
        "Héctor Valdivia,Sun PM,987 654 312,hvaldivia@outlook.com",
        ["Daniela Ríos", "55 2384 1177", "daniela.rios77@gmail.com", "Héctor Valdivia", "987 654 312"],
    ),
    (
        "MARATHON ENTRY\nRunner: Aigerim Bekova\nGender/age: F 34\nEmergency contact: Nurlan Bekov +976 8811 4273",
        ["Aigerim Bekova", "Nurlan Bekov", "+976 8811 4273"],
    ),
    (
        "Account opening form\nFull legal name: Chukwuemeka Obi\nDate of birth: 19-08-1985\n"
        "Residential address: 12 Admiralty Way, Lekki Phase 1, Lagos\nPhone: 0803 384 1175",
        ["Chukwuemeka Obi", "19-08-1985", "12 Admiralty Way, Lekki Phase 1, Lagos", "0803 384 1175"],
    ),
    (
        "BOARDING PASS\nName: HALVORSEN/ERIK MR\nFlight SK 1471 OSL-ARN · Seat 14C · Gate B12\nFQTV: SK 512384096",
        ["HALVORSEN/ERIK"],
    ),
    (
        "Wedding gift registry — thank-you list\nFrom: Marisol and Javier Echeverría, Av. Providencia 1208, "
        "depto 54, Santiago\n(phone +56 9 6234 8817)",
        ["Javier Echeverría", "Av. Providencia 1208, depto 54, Santiago", "+56 9 6234 8817"],
    ),
    (
        "Kindergarten pickup list\nChild: Mai Tanaka\nAuthorised to collect: Hiroshi Tanaka (father) 090-2384-4471",
        ["Mai Tanaka", "Hiroshi Tanaka", "090-2384-4471"],
    ),
    (
        "Certificate of completion\nAwarded to: Thandiwe Nkosi\nID no. shown: 8503155123087\nDate: 2 Dec 2026",
        ["Thandiwe Nkosi"],
    ),
    (
        "Formulário de matrícula\nNome do aluno: Gabriel Nogueira\nData de nascimento: 12/03/2012\n"
        "Celular do responsável: (11) 98123-4477",
        ["Gabriel Nogueira", "12/03/2012", "(11) 98123-4477"],
    ),
    (
        "Utility bill — account holder: Oluwaseun Bakare\nSupply address: 7 Ring Road, Ibadan\nBilling enquiries: "
        "call 0803 384 1175",
        ["Oluwaseun Bakare", "7 Ring Road, Ibadan"],
    ),
    (
        "Vaccination card\nHolder: Nasrin Akter, born 01 Jan 1996\nMobile 01712-384559",
        ["Nasrin Akter", "01 Jan 1996", "01712-384559"],
    ),
    (
        "Karta członkowska klubu szachowego\nCzłonek: Bartosz Zieliński\nData urodzenia: 07.06.2001\n"
        "Adres: ul. Długa 17/4, 80-827 Gdańsk",
        ["Bartosz Zieliński", "07.06.2001", "ul. Długa 17/4, 80-827 Gdańsk"],
    ),
    (
        "Hotel registration card (police copy)\nGuest: Đặng Minh Khoa\nNationality: Vietnamese\nPhone: +84 912 384 557",
        ["Đặng Minh Khoa", "+84 912 384 557"],
    ),
    (
        'Form submission: {"fields": {"full_name": "Mere Waqavonovono", "mobile": "+679 921 4388", '
        '"dob": "1993-05-21"}}',
        ["Mere Waqavonovono", "+679 921 4388", "1993-05-21"],
    ),
    (
        "Team roster\nCoach: Gunnhildur Sigurðardóttir — 661 2384\nAssistant: Bjarki Ólafsson — 698 4471",
        ["Gunnhildur Sigurðardóttir", "661 2384", "Bjarki Ólafsson", "698 4471"],
    ),
    (
        "Customer: Ayşe Demirtaş\nAdres: Bağdat Cad. No: 245 D: 7, 34728 Kadıköy/İstanbul\nGSM: 0532 384 41 17",
        ["Ayşe Demirtaş", "Bağdat Cad. No: 245 D: 7, 34728 Kadıköy/İstanbul", "0532 384 41 17"],
    ),
]

# developer text that must come out verbatim
KEEP: list[str] = [
    "Reported by: ci-bot (build 4471, job lint)",
    "| Name | Type | Default |\n| --- | --- | --- |\n| timeout | int | 30 |",
    "Owner: @platform-team\nReviewer: @infra-oncall",
    "Passenger count: 3 · Seats: 14A 14B 14C",
    "Release date: 12/03/2026 (v4.2.0)",
    "DOB_FORMAT = '%d/%m/%Y'",
    "Patient: null\nOwner: null",
    "guest,attending,phone,email\n{{ name }},{{ rsvp }},{{ phone }},{{ email }}",
    "Tenant: acme-prod (namespace billing)",
    "Applicant: see the attached JSON schema",
    "Deliver to: staging cluster eu-west-1",
    "Employee: EmployeeRecord(id=4821, active=True)",
]


def _right(redactor: object, text: str, values: list[str]) -> bool:
    out = redactor.redact(text)  # type: ignore[attr-defined]
    if out is None:
        return False
    o = out.text
    return all(v not in o and not any(v[i : i + 8] in o for i in range(max(1, len(v) - 7))) for v in values)


def _kept(redactor: object, text: str) -> bool:
    out = redactor.redact(text)  # type: ignore[attr-defined]
    return out is not None and out.text == text


def run(redactor: object, show: bool, label: str) -> None:
    right = [_right(redactor, t, vs) for t, vs in PROBES]
    kept = [_kept(redactor, t) for t in KEEP]
    print(f"{label}: {sum(right)}/{len(right)} records redacted right, {sum(kept)}/{len(kept)} keep probes verbatim")
    if show:
        for (t, _), ok in zip(PROBES, right, strict=True):
            if not ok:
                print("  MISS", redactor.redact(t).text.replace("\n", " ⏎ "))  # type: ignore[attr-defined]
        for t, ok in zip(KEEP, kept, strict=True):
            if not ok:
                print("  CHANGED", redactor.redact(t).text.replace("\n", " ⏎ "))  # type: ignore[attr-defined]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--baseline")
    ap.add_argument("--show", action="store_true")
    args = ap.parse_args()
    from persona_pipeline.core.evidence.redaction.redactor import Redactor

    if args.baseline:
        from redaction_bench import load_baseline

        run(load_baseline(args.baseline)(b"k" * 32), args.show, args.baseline)
    run(Redactor(b"k" * 32), args.show, "this tree")


if __name__ == "__main__":
    main()
