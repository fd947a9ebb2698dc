import type { Messages } from "../messages";

/**
 * The fixed German messages the party pages' server functions answer with (`PARTY_MSG`,
 * `HEADCOUNT_MSG`, `BALANCE_MSG`, `EXTRAS_MSG`, `HOST_TEXT`), copied word for word so
 * `localizeIn(lang, "partyMsg", german)` finds them (party.mirror.test.ts keeps the copies equal).
 * The shared ones (`MSG`) are `msg`'s, the extras' checks `dataFields`', every change's
 * (`CHANGE_MSG`) `manageChange`'s.
 */
const de = {
  partyClosed: "Die Party hat bereits begonnen; die Angaben können nicht mehr geändert werden. Bitte sprechen Sie mit unserem Team vor Ort.",
  partyNotActive: "Diese Buchung ist nicht aktiv; die Angaben zur Party können nicht geändert werden.",
  headcountNotBirthday: "Die Schlusszahl gilt nur für Geburtstagsfeiern.",
  headcountNotActive: "Diese Buchung ist nicht mehr aktiv.",
  balanceNotDue: "Für diese Buchung ist kein Restbetrag offen.",
  balanceAtVenue: "Den Restbetrag bezahlen Sie bei uns am Empfang.",
  paymentStartFailed: "Die Zahlung konnte gerade nicht eröffnet werden. Ihre Buchung bleibt bestehen; bitte versuchen Sie es in einigen Minuten erneut.",
  extrasUnchanged: "Die Zusatzleistungen sind unverändert.",
  takeoverDone: "Die Menüs der Gästeliste sind übernommen. Bitte prüfen und bestätigen Sie jetzt die Schlusszahl.",
} as const;

export const partyMsg = {
  de,
  fr: {
    partyClosed: "La fête a déjà commencé\u202f; les informations ne peuvent plus être modifiées. Veuillez vous adresser à notre équipe sur place.",
    partyNotActive: "Cette réservation n’est pas active\u202f; les informations sur la fête ne peuvent pas être modifiées.",
    headcountNotBirthday: "Le nombre définitif ne concerne que les fêtes d’anniversaire.",
    headcountNotActive: "Cette réservation n’est plus active.",
    balanceNotDue: "Aucun solde n’est dû pour cette réservation.",
    balanceAtVenue: "Vous réglez le solde chez nous, à l’accueil.",
    paymentStartFailed: "Le paiement n’a pas pu être ouvert pour le moment. Votre réservation est maintenue\u202f; veuillez réessayer dans quelques minutes.",
    extrasUnchanged: "Les prestations supplémentaires sont inchangées.",
    takeoverDone: "Les menus de la liste des invités ont été repris. Veuillez maintenant vérifier et confirmer le nombre définitif.",
  },
  it: {
    partyClosed: "La festa è già iniziata; i dati non possono più essere modificati. Si rivolga al nostro team sul posto.",
    partyNotActive: "Questa prenotazione non è attiva; i dati sulla festa non possono essere modificati.",
    headcountNotBirthday: "Il numero definitivo vale solo per le feste di compleanno.",
    headcountNotActive: "Questa prenotazione non è più attiva.",
    balanceNotDue: "Per questa prenotazione non c’è alcun saldo da pagare.",
    balanceAtVenue: "Il saldo lo paga da noi alla reception.",
    paymentStartFailed: "Al momento non è stato possibile avviare il pagamento. La Sua prenotazione resta valida; riprovi tra qualche minuto.",
    extrasUnchanged: "I servizi supplementari sono invariati.",
    takeoverDone: "I menù della lista degli ospiti sono stati ripresi. Ora verifichi e confermi il numero definitivo.",
  },
  en: {
    partyClosed: "The party has already begun; the details can no longer be changed. Please speak to our team on site.",
    partyNotActive: "This booking is not active; the party details cannot be changed.",
    headcountNotBirthday: "Final numbers only apply to birthday parties.",
    headcountNotActive: "This booking is no longer active.",
    balanceNotDue: "There is no balance due on this booking.",
    balanceAtVenue: "You pay the balance at our reception.",
    paymentStartFailed: "The payment could not be opened just now. Your booking still stands; please try again in a few minutes.",
    extrasUnchanged: "Your extras are unchanged.",
    takeoverDone: "The menus from the guest list have been taken over. Please now check and confirm your final numbers.",
  },
} satisfies Messages<typeof de>;
