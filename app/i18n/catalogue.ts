import { common } from "./messages/common";
import { dataFields } from "./messages/dataFields";
import { enterData } from "./messages/enterData";
import { findSlot } from "./messages/findSlot";
import { gameFlow } from "./messages/gameFlow";
import { games } from "./messages/games";
import { home } from "./messages/home";
import { msg } from "./messages/msg";
import { promo } from "./messages/promo";
import { simulatedPay } from "./messages/simulatedPay";
import { offers } from "./messages/offers";
import { payment } from "./messages/payment";
import { email } from "./messages/email";
import { emailDefaults } from "./messages/emailDefaults";
import { guests, guestsData, guestsHost } from "./messages/guests";
import { party } from "./messages/party";
import { partyMsg } from "./messages/partyMsg";
import { manage, manageChange, manageLookup, managePay } from "./messages/manage";
import { documents } from "./messages/documents";
import { legal } from "./messages/legal";
import { voucherShop } from "./messages/voucherShop";

/**
 * Every namespace (one per page or shared piece, `common` for the frame). Imported by the server
 * only (server/i18n/texts.server.ts): a page gets its own language's strings as loader data.
 */
export const CATALOGUE = { common, msg, promo, simulatedPay, home, offers, games, gameFlow, findSlot, enterData, dataFields, payment, email, emailDefaults, guests, guestsHost, guestsData, party, partyMsg, manage, manageLookup, manageChange, managePay, legal, documents, voucherShop };
