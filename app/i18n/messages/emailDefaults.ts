import type { Messages } from "../messages";

/**
 * The built-in introductions and closings of the e-mails (domain/email-texts.ts), per language: a
 * venue that never edited a kind's text sends these. Placeholders are the venue's (`{vorname}`,
 * `{name}`, …: the settings page names them in German), filled by `fillPlaceholders`, not by ICU.
 * German is what the e-mails said before they were editable, word for word.
 */
const GREETING = "Guten Tag {vorname} {nachname}";
const SEE_YOU = "Wir freuen uns auf Ihren Besuch!\nIhr Team von {name}";
const REGARDS = "Freundliche Grüsse\nIhr Team von {name}";

const de = {
  confirmationIntro: `${GREETING}\n\nVielen Dank für Ihre Buchung bei {name}. Ihre Buchung ist bestätigt.`,
  confirmationClosing: SEE_YOU,
  paymentLinkIntro: `${GREETING}\n\nVielen Dank für Ihren Anruf. Wir haben den folgenden Termin für Sie reserviert.`,
  paymentLinkClosing: REGARDS,
  headcountIntro: `${GREETING}\n\nIhre Feier bei {name} am {datum}, {zeit} rückt näher. Bitte bestätigen Sie uns die endgültige Anzahl Personen und die Menüs für die Kinder.`,
  headcountClosing: SEE_YOU,
  reminderIntro: `${GREETING}\n\nBald ist es so weit: Ihr Termin bei {name} ist am {datum}, {zeit}.`,
  reminderClosing: SEE_YOU,
  changeIntro: GREETING,
  changeClosing: SEE_YOU,
  cancellationIntro: `${GREETING}\n\nIhre Buchung {buchungscode} bei {name} am {datum} wurde storniert.`,
  cancellationClosing: `Bei Fragen erreichen Sie uns gerne telefonisch oder per E-Mail.\n\n${REGARDS}`,
  refundIntro: GREETING,
  refundClosing: REGARDS,
  manageLinkIntro: `${GREETING}\n\nSie haben einen Link zu Ihrer Buchung {buchungscode} bei {name} angefordert. Mit diesem Link können Sie die Buchung ansehen und, solange es die AGB erlauben, stornieren oder verschieben.`,
  manageLinkClosing: REGARDS,
} as const;

const fr = {
  confirmationIntro: "Bonjour {vorname} {nachname}\n\nMerci beaucoup pour votre réservation chez {name}. Votre réservation est confirmée.",
  confirmationClosing: "Nous nous réjouissons de votre visite\u202f!\nL’équipe de {name}",
  paymentLinkIntro: "Bonjour {vorname} {nachname}\n\nMerci pour votre appel. Nous avons réservé pour vous le créneau suivant.",
  paymentLinkClosing: "Meilleures salutations\nL’équipe de {name}",
  headcountIntro: "Bonjour {vorname} {nachname}\n\nVotre fête chez {name} le {datum}, {zeit}, approche. Veuillez nous confirmer le nombre définitif de personnes ainsi que les menus des enfants.",
  headcountClosing: "Nous nous réjouissons de votre visite\u202f!\nL’équipe de {name}",
  reminderIntro: "Bonjour {vorname} {nachname}\n\nC’est bientôt le grand jour\u00a0: votre rendez-vous chez {name} a lieu le {datum}, {zeit}.",
  reminderClosing: "Nous nous réjouissons de votre visite\u202f!\nL’équipe de {name}",
  changeIntro: "Bonjour {vorname} {nachname}",
  changeClosing: "Nous nous réjouissons de votre visite\u202f!\nL’équipe de {name}",
  cancellationIntro: "Bonjour {vorname} {nachname}\n\nVotre réservation {buchungscode} chez {name} du {datum} a été annulée.",
  cancellationClosing: "Pour toute question, n’hésitez pas à nous contacter par téléphone ou par e-mail.\n\nMeilleures salutations\nL’équipe de {name}",
  refundIntro: "Bonjour {vorname} {nachname}",
  refundClosing: "Meilleures salutations\nL’équipe de {name}",
  manageLinkIntro: "Bonjour {vorname} {nachname}\n\nVous avez demandé un lien vers votre réservation {buchungscode} chez {name}. Ce lien vous permet de consulter la réservation et, tant que les CG le permettent, de l’annuler ou de la déplacer.",
  manageLinkClosing: "Meilleures salutations\nL’équipe de {name}",
};

const it = {
  confirmationIntro: "Buongiorno {vorname} {nachname}\n\nLa ringraziamo per aver prenotato presso {name}. La Sua prenotazione è confermata.",
  confirmationClosing: "Saremo lieti di accoglierLa!\nIl team di {name}",
  paymentLinkIntro: "Buongiorno {vorname} {nachname}\n\nLa ringraziamo per la Sua telefonata. Abbiamo riservato per Lei il seguente appuntamento.",
  paymentLinkClosing: "Cordiali saluti\nIl team di {name}",
  headcountIntro: "Buongiorno {vorname} {nachname}\n\nLa Sua festa presso {name} del {datum}, {zeit} si avvicina. La preghiamo di confermarci il numero definitivo di persone e i menù per i bambini.",
  headcountClosing: "Saremo lieti di accoglierLa!\nIl team di {name}",
  reminderIntro: "Buongiorno {vorname} {nachname}\n\nCi siamo quasi: il Suo appuntamento presso {name} è il {datum}, {zeit}.",
  reminderClosing: "Saremo lieti di accoglierLa!\nIl team di {name}",
  changeIntro: "Buongiorno {vorname} {nachname}",
  changeClosing: "Saremo lieti di accoglierLa!\nIl team di {name}",
  cancellationIntro: "Buongiorno {vorname} {nachname}\n\nLa Sua prenotazione {buchungscode} presso {name} del {datum} è stata annullata.",
  cancellationClosing: "Per qualsiasi domanda siamo volentieri a Sua disposizione per telefono o per e-mail.\n\nCordiali saluti\nIl team di {name}",
  refundIntro: "Buongiorno {vorname} {nachname}",
  refundClosing: "Cordiali saluti\nIl team di {name}",
  manageLinkIntro: "Buongiorno {vorname} {nachname}\n\nHa richiesto un link alla Sua prenotazione {buchungscode} presso {name}. Con questo link può visualizzare la prenotazione e, finché le CG lo consentono, annullarla o spostarla.",
  manageLinkClosing: "Cordiali saluti\nIl team di {name}",
};

const en = {
  confirmationIntro: "Dear {vorname} {nachname}\n\nThank you for booking with {name}. Your booking is confirmed.",
  confirmationClosing: "We look forward to your visit!\nThe {name} team",
  paymentLinkIntro: "Dear {vorname} {nachname}\n\nThank you for your call. We have reserved the following time slot for you.",
  paymentLinkClosing: "Kind regards\nThe {name} team",
  headcountIntro: "Dear {vorname} {nachname}\n\nYour party at {name} on {datum}, {zeit} is coming up soon. Please confirm the final number of people and the children’s menus.",
  headcountClosing: "We look forward to your visit!\nThe {name} team",
  reminderIntro: "Dear {vorname} {nachname}\n\nIt’s nearly time: your visit to {name} is on {datum}, {zeit}.",
  reminderClosing: "We look forward to your visit!\nThe {name} team",
  changeIntro: "Dear {vorname} {nachname}",
  changeClosing: "We look forward to your visit!\nThe {name} team",
  cancellationIntro: "Dear {vorname} {nachname}\n\nYour booking {buchungscode} at {name} on {datum} has been cancelled.",
  cancellationClosing: "If you have any questions, please feel free to contact us by phone or email.\n\nKind regards\nThe {name} team",
  refundIntro: "Dear {vorname} {nachname}",
  refundClosing: "Kind regards\nThe {name} team",
  manageLinkIntro: "Dear {vorname} {nachname}\n\nYou have requested a link to your booking {buchungscode} at {name}. With this link you can view the booking and, as long as the terms and conditions allow, cancel or reschedule it.",
  manageLinkClosing: "Kind regards\nThe {name} team",
};

export const emailDefaults = { de, fr, it, en } satisfies Messages<typeof de>;
