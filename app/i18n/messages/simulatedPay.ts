import type { Messages } from "../messages";

/**
 * The simulated provider's payment page (/simulated-pay/<id>, local runs only): in the language the
 * payment was started from (its return address's prefix), like Datatrans's own page.
 */
const de = {
  title: "Zahlung",
  metaTitle: "Zahlung (Simulation)",
  simulated: "Simulierter Zahlungsanbieter – es wird kein echtes Geld belastet.",
  booking: "Buchung",
  pay: "Bezahlen",
  cancel: "Abbrechen",
  fail: "Fehler simulieren",
  done: "Diese Zahlung ist bereits abgeschlossen.",
} as const;

export const simulatedPay = {
  de,
  fr: {
    title: "Paiement",
    metaTitle: "Paiement (simulation)",
    simulated: "Prestataire de paiement simulé – aucun montant réel n’est débité.",
    booking: "Réservation",
    pay: "Payer",
    cancel: "Annuler",
    fail: "Simuler une erreur",
    done: "Ce paiement est déjà terminé.",
  },
  it: {
    title: "Pagamento",
    metaTitle: "Pagamento (simulazione)",
    simulated: "Fornitore di pagamento simulato – non viene addebitato denaro reale.",
    booking: "Prenotazione",
    pay: "Paga",
    cancel: "Annulla",
    fail: "Simula un errore",
    done: "Questo pagamento è già concluso.",
  },
  en: {
    title: "Payment",
    metaTitle: "Payment (simulation)",
    simulated: "Simulated payment provider – no real money is charged.",
    booking: "Booking",
    pay: "Pay",
    cancel: "Cancel",
    fail: "Simulate an error",
    done: "This payment has already been completed.",
  },
} satisfies Messages<typeof de>;
