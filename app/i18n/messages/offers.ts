import type { Messages } from "../messages";

/** /offers: the birthday packages. */
const de = {
  title: "Angebot wählen",
  legend: "Geburtstagsangebote",
  perChild: "{price} pro Kind",
  adults: "Erwachsene: mitspielend {active}, nur Begleitung {accompanying} pro Person.",
  noOffers: "Keine Angebote für diesen Tag gefunden",
  chooseOffer: "Bitte wählen Sie ein Angebot aus.",
  minCharged: "Mindestens {count, plural, one {# Kind wird} other {# Kinder werden}} verrechnet.",
  depositPercent: "Anzahlung {percent} % bei der Buchung, {rest}",
  depositFixed: "Anzahlung {amount} bei der Buchung, {rest}",
  balanceBefore: "der Rest bis {days, plural, one {# Tag} other {# Tage}} vor der Feier",
  balanceAtParty: "der Rest bis zur Feier",
} as const;

export const offers = {
  de,
  fr: {
    title: "Choisir une offre",
    legend: "Offres d'anniversaire",
    perChild: "{price} par enfant",
    adults: "Adultes : {active} par personne s'ils participent, {accompanying} s'ils accompagnent uniquement.",
    noOffers: "Aucune offre trouvée pour ce jour",
    chooseOffer: "Veuillez choisir une offre.",
    minCharged: "Au moins {count, plural, one {# enfant est facturé} other {# enfants sont facturés}}.",
    depositPercent: "Acompte de {percent} % à la réservation, {rest}",
    depositFixed: "Acompte de {amount} à la réservation, {rest}",
    balanceBefore: "le solde au plus tard {days, plural, one {# jour} other {# jours}} avant la fête",
    balanceAtParty: "le solde au plus tard le jour de la fête",
  },
  it: {
    title: "Scegliere un'offerta",
    legend: "Offerte di compleanno",
    perChild: "{price} per bambino",
    adults: "Adulti: {active} a persona se partecipano, {accompanying} se solo accompagnatori.",
    noOffers: "Nessuna offerta trovata per questo giorno",
    chooseOffer: "Scelga un'offerta.",
    minCharged: "{count, plural, one {Viene conteggiato almeno # bambino} other {Vengono conteggiati almeno # bambini}}.",
    depositPercent: "Acconto del {percent}% alla prenotazione, {rest}",
    depositFixed: "Acconto di {amount} alla prenotazione, {rest}",
    balanceBefore: "il saldo al più tardi {days, plural, one {# giorno} other {# giorni}} prima della festa",
    balanceAtParty: "il saldo al più tardi il giorno della festa",
  },
  en: {
    title: "Choose a package",
    legend: "Birthday packages",
    perChild: "{price} per child",
    adults: "Adults: {active} per person if joining in, {accompanying} if only accompanying.",
    noOffers: "No packages found for this day",
    chooseOffer: "Please choose a package.",
    minCharged: "You pay for at least {count, plural, one {# child} other {# children}}.",
    depositPercent: "{percent}% deposit when booking, {rest}",
    depositFixed: "{amount} deposit when booking, {rest}",
    balanceBefore: "the balance no later than {days, plural, one {# day} other {# days}} before the party",
    balanceAtParty: "the balance by the day of the party",
  },
} satisfies Messages<typeof de>;
