import type { Messages } from "../messages";

/** /games: the game locations. */
const de = {
  title: "Spielort wählen",
  lead: "Wählen Sie, wo Sie spielen möchten. Jeder Spielort gehört während Ihrer Runden nur Ihrer Gruppe.",
  capacity: "bis {capacity} Spieler · ab {price} pro Spieler und Runde",
} as const;

export const games = {
  de,
  fr: {
    title: "Choisir un espace de jeu",
    lead: "Choisissez où vous souhaitez jouer. Pendant vos parties, chaque espace de jeu est réservé exclusivement à votre groupe.",
    capacity: "jusqu'à {capacity} joueurs · dès {price} par joueur et par partie",
  },
  it: {
    title: "Scegliere l'area di gioco",
    lead: "Scelga dove desidera giocare. Durante le Sue partite, ogni area di gioco è riservata esclusivamente al Suo gruppo.",
    capacity: "fino a {capacity} giocatori · da {price} per giocatore e partita",
  },
  en: {
    title: "Choose where to play",
    lead: "Choose where you would like to play. During your rounds, each game area is yours alone.",
    capacity: "up to {capacity} players · from {price} per player per round",
  },
} satisfies Messages<typeof de>;
