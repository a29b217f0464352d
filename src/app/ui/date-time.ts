import { format } from 'date-fns';

/** Tables show dates as DD/MM/YYYY HH:mm:ss (spec 3 §9); an empty or unreadable value stays as it is. */
export const formatDateTime = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'dd/MM/yyyy HH:mm:ss');
};
