import type { Messages } from "../messages";

/**
 * The party pages of the family's manage link (issue #30, #33): /buchung/…/feier (birthday child
 * and allergies), …/schlusszahl (final headcount), …/restbetrag (pay the balance) and
 * …/zusatzleistungen (extras). The party fields and the extras' own words are `dataFields`', the
 * change's confirmation `manageChange`'s (as for every change of a booking). German is what these
 * pages said before, word for word; the messages with values mirror `HEADCOUNT_MSG` and the pages'
 * sentences (party.mirror.test.ts keeps them equal).
 */
const de = {
  // shared
  /** «09.12.2026, 14:00 Uhr»; also a confirmation's instant («Dienstag, 8. Dezember 2026, 14:05 Uhr»). */
  dateTime: "{date}, {time} Uhr",
  /** «09.12.2026, 14:00 - 16:00 Uhr, Kindergeburtstag» (`time`: common.timeRange). */
  whenRange: "{date}, {time}, {offer}",
  cancel: "Abbrechen",
  backToBooking: "Zurück zur Buchung",
  // /buchung/…/feier
  detailsTitle: "Angaben zur Party",
  detailsLead: "Ihre Feier am {when} ({offer}). Die Angaben gehen an unser Team und die Küche; Sie können sie bis zum Beginn der Feier ändern.",
  save: "Speichern",
  // /buchung/…/schlusszahl
  headcountTitle: "Schlusszahl bestätigen",
  headcountHeading: "Schlusszahl",
  partyOn: "Ihre Feier am {when}.",
  headcountAsk: "Bitte bestätigen Sie bis {deadline} die endgültige Anzahl Personen und die Menüs. Danach lassen sich die Zahlen online nicht mehr ändern.",
  headcountConfirmed: "Schlusszahl bestätigt am {at}.",
  headcountChangeUntil: "Bis {deadline} können Sie die Zahlen noch ändern; bestätigen Sie sie danach erneut.",
  headcountLocked: "Die Frist für die Schlusszahl ist am {deadline} abgelaufen. Änderungen der Anzahl Personen nur noch telefonisch: {phone}.",
  mealsMismatch: "«{name}»: {chosen} von {children} Kindern gewählt. Bitte wählen Sie für jedes Kind genau eine Auswahl.",
  mealsLocked: "Die Schlusszahl ist bestätigt: Bitte wählen Sie bei «{name}» für genau {children} Kinder eine Auswahl.",
  children: "Kinder",
  activeAdults: "Erwachsene (mitspielend)",
  accompanyingAdults: "Erwachsene (nur Begleitung)",
  /** A meal's choice with its count («Hot Dog: 3»); the choices are the venue's words. */
  mealChoice: "{choice}: {quantity}",
  nothingChosen: "noch nichts gewählt",
  total: "Total",
  changePersons: "Anzahl Personen ändern",
  changeMeals: "Menüs und Zusatzleistungen ändern",
  confirmHeadcount: "Angaben bestätigen",
  // /buchung/…/restbetrag
  balanceTitle: "Restbetrag bezahlen",
  balanceHeading: "Ihre Buchung {code}",
  payNow: "{amount} jetzt bezahlen",
  payRedirect: "Sie werden zur sicheren Zahlungsseite unseres Zahlungsanbieters weitergeleitet (TWINT oder Kreditkarte).",
  payAtDesk: "Den Restbetrag bezahlen Sie bei uns am Empfang.",
  // /buchung/…/zusatzleistungen
  extrasTitle: "Zusatzleistungen ändern",
  extrasHeading: "Ihre Feier am {when}",
  extrasNone: "Keine Zusatzleistungen gewählt.",
  extrasHint:
    "Ändern Sie die Anzahl und tippen Sie auf «Weiter». Kostet die neue Auswahl mehr, bezahlen Sie die Differenz online; kostet sie weniger, erhalten Sie die Differenz zurück.",
  extrasFixed: "{label}: {detail} (Bestellschluss vorbei, nicht mehr änderbar)",
  next: "Weiter",
  /** Before and after on the confirmation: «Zusatzleistungen: Geburtstagstorte 1×; Menü: Pizza 4×». */
  extrasList: "Zusatzleistungen: {list}",
  extrasListNone: "keine",
} as const;

export const party = {
  de,
  fr: {
    dateTime: "{date} à {time}",
    whenRange: "{date}, {time}, {offer}",
    cancel: "Annuler",
    backToBooking: "Retour à la réservation",
    detailsTitle: "Informations sur la fête",
    detailsLead:
      "Votre fête du {when} ({offer}). Ces informations sont transmises à notre équipe et à la cuisine\u202f; vous pouvez les modifier jusqu’au début de la fête.",
    save: "Enregistrer",
    headcountTitle: "Confirmer le nombre définitif",
    headcountHeading: "Nombre définitif",
    partyOn: "Votre fête du {when}.",
    headcountAsk:
      "Veuillez confirmer d’ici le {deadline} le nombre définitif de personnes et les menus. Passé ce délai, les chiffres ne pourront plus être modifiés en ligne.",
    headcountConfirmed: "Nombre définitif confirmé le {at}.",
    headcountChangeUntil: "Jusqu’au {deadline}, vous pouvez encore modifier les chiffres\u202f; confirmez-les ensuite à nouveau.",
    headcountLocked:
      "Le délai pour le nombre définitif a expiré le {deadline}. Le nombre de personnes ne peut désormais plus être modifié que par téléphone\u00a0: {phone}.",
    mealsMismatch:
      "«\u00a0{name}\u00a0»\u00a0: {chosen} choix pour {children, plural, one {# enfant} other {# enfants}}. Veuillez choisir exactement une option pour chaque enfant.",
    mealsLocked:
      "Le nombre définitif est confirmé\u00a0: pour «\u00a0{name}\u00a0», veuillez choisir une option pour exactement {children, plural, one {# enfant} other {# enfants}}.",
    children: "Enfants",
    activeAdults: "Adultes (qui jouent)",
    accompanyingAdults: "Adultes (accompagnants uniquement)",
    mealChoice: "{choice}\u00a0: {quantity}",
    nothingChosen: "rien de choisi pour l’instant",
    total: "Total",
    changePersons: "Modifier le nombre de personnes",
    changeMeals: "Modifier les menus et les prestations supplémentaires",
    confirmHeadcount: "Confirmer les informations",
    balanceTitle: "Payer le solde",
    balanceHeading: "Votre réservation {code}",
    payNow: "Payer {amount} maintenant",
    payRedirect: "Nous vous redirigeons vers la page de paiement sécurisée de notre prestataire de paiement (TWINT ou carte de crédit).",
    payAtDesk: "Vous réglez le solde chez nous, à l’accueil.",
    extrasTitle: "Modifier les prestations supplémentaires",
    extrasHeading: "Votre fête du {when}",
    extrasNone: "Aucune prestation supplémentaire choisie.",
    extrasHint:
      "Modifiez la quantité, puis appuyez sur «\u00a0Continuer\u00a0». Si le nouveau choix coûte plus cher, vous payez la différence en ligne\u202f; s’il coûte moins cher, la différence vous est remboursée.",
    extrasFixed: "{label}\u00a0: {detail} (délai de commande dépassé, ne peut plus être modifié)",
    next: "Continuer",
    extrasList: "Prestations supplémentaires\u00a0: {list}",
    extrasListNone: "aucune",
  },
  it: {
    dateTime: "{date} alle {time}",
    whenRange: "{date}, {time}, {offer}",
    cancel: "Annulla",
    backToBooking: "Torna alla prenotazione",
    detailsTitle: "Dati sulla festa",
    detailsLead: "La Sua festa del {when} ({offer}). I dati vengono trasmessi al nostro team e alla cucina; può modificarli fino all’inizio della festa.",
    save: "Salva",
    headcountTitle: "Conferma del numero definitivo",
    headcountHeading: "Numero definitivo",
    partyOn: "La Sua festa del {when}.",
    headcountAsk:
      "La preghiamo di confermare entro {deadline} il numero definitivo di persone e i menù. Dopo questa data non sarà più possibile modificare i numeri online.",
    headcountConfirmed: "Numero definitivo confermato: {at}.",
    headcountChangeUntil: "Fino a {deadline} può ancora modificare i numeri; in seguito li confermi di nuovo.",
    headcountLocked:
      "Il termine per il numero definitivo è scaduto {deadline}. Il numero di persone può ormai essere modificato solo per telefono: {phone}.",
    mealsMismatch:
      "«{name}»: {chosen, plural, one {# scelta} other {# scelte}} per {children, plural, one {# bambino} other {# bambini}}. Scelga esattamente un’opzione per ogni bambino.",
    mealsLocked:
      "Il numero definitivo è confermato: per «{name}» scelga un’opzione per esattamente {children, plural, one {# bambino} other {# bambini}}.",
    children: "Bambini",
    activeAdults: "Adulti (partecipanti)",
    accompanyingAdults: "Adulti (solo accompagnatori)",
    mealChoice: "{choice}: {quantity}",
    nothingChosen: "ancora nessuna scelta",
    total: "Totale",
    changePersons: "Modifica il numero di persone",
    changeMeals: "Modifica menù e servizi supplementari",
    confirmHeadcount: "Conferma i dati",
    balanceTitle: "Paga il saldo",
    balanceHeading: "La Sua prenotazione {code}",
    payNow: "Paga ora {amount}",
    payRedirect: "La reindirizzeremo alla pagina di pagamento sicura del nostro fornitore di servizi di pagamento (TWINT o carta di credito).",
    payAtDesk: "Il saldo lo paga da noi alla reception.",
    extrasTitle: "Modifica dei servizi supplementari",
    extrasHeading: "La Sua festa del {when}",
    extrasNone: "Nessun servizio supplementare scelto.",
    extrasHint:
      "Modifichi la quantità e tocchi «Avanti». Se la nuova scelta costa di più, paga la differenza online; se costa di meno, Le rimborsiamo la differenza.",
    extrasFixed: "{label}: {detail} (termine di ordinazione scaduto, non più modificabile)",
    next: "Avanti",
    extrasList: "Servizi supplementari: {list}",
    extrasListNone: "nessuno",
  },
  en: {
    dateTime: "{date} at {time}",
    whenRange: "{date}, {time}, {offer}",
    cancel: "Cancel",
    backToBooking: "Back to the booking",
    detailsTitle: "Party details",
    detailsLead: "Your party on {when} ({offer}). These details go to our team and the kitchen; you can change them until the party begins.",
    save: "Save",
    headcountTitle: "Confirm final numbers",
    headcountHeading: "Final numbers",
    partyOn: "Your party on {when}.",
    headcountAsk: "Please confirm the final number of people and the menus by {deadline}. After that, the numbers can no longer be changed online.",
    headcountConfirmed: "Final numbers confirmed on {at}.",
    headcountChangeUntil: "You can still change the numbers until {deadline}; please confirm them again afterwards.",
    headcountLocked: "The deadline for the final numbers passed on {deadline}. The number of people can now only be changed by phone: {phone}.",
    mealsMismatch:
      "‘{name}’: chosen for {chosen} of {children, plural, one {# child} other {# children}}. Please choose exactly one option for each child.",
    mealsLocked: "The final numbers are confirmed: for ‘{name}’, please choose an option for exactly {children, plural, one {# child} other {# children}}.",
    children: "Children",
    activeAdults: "Adults (joining in)",
    accompanyingAdults: "Adults (accompanying only)",
    mealChoice: "{choice}: {quantity}",
    nothingChosen: "nothing chosen yet",
    total: "Total",
    changePersons: "Change the number of people",
    changeMeals: "Change menus and extras",
    confirmHeadcount: "Confirm details",
    balanceTitle: "Pay the balance",
    balanceHeading: "Your booking {code}",
    payNow: "Pay {amount} now",
    payRedirect: "You will be taken to our payment provider’s secure payment page (TWINT or credit card).",
    payAtDesk: "You pay the balance at our reception.",
    extrasTitle: "Change extras",
    extrasHeading: "Your party on {when}",
    extrasNone: "No extras chosen.",
    extrasHint: "Change the quantities and tap ‘Continue’. If your new selection costs more, you pay the difference online; if it costs less, you get the difference back.",
    extrasFixed: "{label}: {detail} (order deadline passed, can no longer be changed)",
    next: "Continue",
    extrasList: "Extras: {list}",
    extrasListNone: "none",
  },
} satisfies Messages<typeof de>;
