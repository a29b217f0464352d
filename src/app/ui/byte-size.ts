/** A download's size so far, in the reader's language: "1,5 MB" in Italian, "1.5 MB" in English, whole KB below 1 MB. */
export const byteSizeText = (bytes: number, language: string): string =>
  bytes >= 1_048_576
    ? `${new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1_048_576)} MB`
    : `${new Intl.NumberFormat(language).format(Math.ceil(bytes / 1024))} KB`;
