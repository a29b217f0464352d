/** The parts of an address block (spec 2 §2.6), in the order the block shows them. */
export const ADDRESS_PARTS = ['province', 'province_acr', 'city', 'street', 'zip', 'civic'] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

/** DEFAULT shows the values; ANNULLA edits them with lookups (entered with MODIFICA); SBLOCCA allows free text. */
export const ADDRESS_MODES = ['DEFAULT', 'ANNULLA', 'SBLOCCA'] as const;
export type AddressMode = (typeof ADDRESS_MODES)[number];
