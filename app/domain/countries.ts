/**
 * The address's country (issue #28 §6): Switzerland unless the family chooses another. The names
 * reach the contact step's browser as loader data (the form's select), not as JavaScript: this
 * module stays out of its bundle.
 */
export const CONTACT_COUNTRIES = {
  CH: "Schweiz",
  LI: "Liechtenstein",
  DE: "Deutschland",
  AT: "Österreich",
  FR: "Frankreich",
  IT: "Italien",
  XX: "Anderes Land",
} as const;
