/** A contact's availability as the lists, the KPIs and the CSV export show it (spec 2 §2.3). */
export const AVAILABILITY_LABELS = { toProcess: 'Da Lavorare', waiting: 'In Attesa', processing: 'In Lavorazione', closed: 'Chiuso' } as const;
export type Availability = keyof typeof AVAILABILITY_LABELS;

/**
 * The availability as the server writes it in the caller's language (the CSV export): the spec's Italian, or the
 * English the interface shows (the renderers' `availability.*`, alike in en-US and en-GB).
 */
export const AVAILABILITY_TEXTS: Record<'it' | 'en', Record<Availability, string>> = {
  it: AVAILABILITY_LABELS,
  en: { toProcess: 'To process', waiting: 'Waiting', processing: 'In progress', closed: 'Closed' },
};

/** The ribbon's colour per availability; `other` is for a value the product does not know. */
export const AVAILABILITY_COLOURS = { toProcess: 'green', waiting: 'yellow', processing: 'orange', closed: 'red', other: 'grey' } as const;

/**
 * The KPI strip's standard figures (spec 2 §2.2) by the Italian label the KPI call keys them with, and the stable
 * name the interface translates them by.
 */
export const KPI_STANDARD_LABELS = {
  toProcess: AVAILABILITY_LABELS.toProcess,
  waiting: AVAILABILITY_LABELS.waiting,
  processing: AVAILABILITY_LABELS.processing,
  closedToday: 'Chiusi Oggi',
  suspended: 'Sospesi',
  notProcessable: 'Non lavorabili',
  total: 'Totale',
} as const;
export type KpiStandardName = keyof typeof KPI_STANDARD_LABELS;
