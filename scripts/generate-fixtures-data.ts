/** Italian sample data and a seeded PRNG for scripts/generate-fixtures.ts (deterministic output). */

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  private next: () => number;
  constructor(seed: number) { this.next = mulberry32(seed); }
  float(): number { return this.next(); }
  int(min: number, max: number): number { return min + Math.floor(this.next() * (max - min + 1)); }
  pick<T>(items: readonly T[]): T { return items[Math.floor(this.next() * items.length)]; }
  chance(p: number): boolean { return this.next() < p; }
  digits(n: number): string { let s = ''; for (let i = 0; i < n; i++) s += String(this.int(0, 9)); return s; }
  hex(n: number): string { let s = ''; for (let i = 0; i < n; i++) s += '0123456789abcdef'[this.int(0, 15)]; return s; }
  letters(n: number): string { let s = ''; for (let i = 0; i < n; i++) s += 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[this.int(0, 25)]; return s; }
}

export const FIRST_NAMES_M = ['Marco', 'Luca', 'Giuseppe', 'Francesco', 'Alessandro', 'Andrea', 'Matteo', 'Lorenzo', 'Davide', 'Simone', 'Federico', 'Riccardo', 'Stefano', 'Antonio', 'Paolo', 'Giovanni', 'Roberto', 'Salvatore', 'Vincenzo', 'Emanuele'] as const;
export const FIRST_NAMES_F = ['Giulia', 'Francesca', 'Chiara', 'Sara', 'Martina', 'Valentina', 'Alessia', 'Federica', 'Elena', 'Silvia', 'Anna', 'Laura', 'Paola', 'Maria', 'Roberta', 'Ilaria', 'Giorgia', 'Elisa', 'Serena', 'Beatrice'] as const;
export const LAST_NAMES = ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri', 'Fontana', 'Santoro', 'Mariani', 'Rinaldi', 'Caruso', 'Ferrara', 'Galli', 'Martini', 'Leone', 'Longo', 'Gentile', 'Martinelli', 'Vitale', 'Lombardo', 'Serra', 'Coppola', 'De Santis', "D'Angelo", 'Marchetti'] as const;

/** [city, province, acronym, zip prefix] */
export const PLACES = [
  ['Milano', 'Milano', 'MI', '201'], ['Roma', 'Roma', 'RM', '001'], ['Napoli', 'Napoli', 'NA', '801'], ['Torino', 'Torino', 'TO', '101'],
  ['Palermo', 'Palermo', 'PA', '901'], ['Genova', 'Genova', 'GE', '161'], ['Bologna', 'Bologna', 'BO', '401'], ['Firenze', 'Firenze', 'FI', '501'],
  ['Bari', 'Bari', 'BA', '701'], ['Catania', 'Catania', 'CT', '951'], ['Venezia', 'Venezia', 'VE', '301'], ['Verona', 'Verona', 'VR', '371'],
  ['Padova', 'Padova', 'PD', '351'], ['Brescia', 'Brescia', 'BS', '251'], ['Monza', 'Monza e della Brianza', 'MB', '209'], ['Bergamo', 'Bergamo', 'BG', '241'],
  ['Modena', 'Modena', 'MO', '411'], ['Parma', 'Parma', 'PR', '431'], ['Cagliari', 'Cagliari', 'CA', '091'], ['Perugia', 'Perugia', 'PG', '061'],
  ['Lecce', 'Lecce', 'LE', '731'], ['Pescara', 'Pescara', 'PE', '651'], ['Trieste', 'Trieste', 'TS', '341'], ['Salerno', 'Salerno', 'SA', '841'],
] as const;

export const STREETS = ['Via Roma', 'Via Garibaldi', 'Corso Vittorio Emanuele II', 'Via Mazzini', 'Via Dante Alighieri', 'Piazza della Repubblica', 'Via Verdi', 'Viale Europa', 'Via Cavour', 'Via Manzoni', 'Via XX Settembre', 'Corso Italia', 'Via dei Mille', 'Via Marconi', 'Via Matteotti', 'Viale della Libertà', 'Via San Francesco', 'Via Nazionale', 'Via Leopardi', 'Via Gramsci'] as const;

export const CAR_MAKES = [['Fiat', ['Panda', '500', 'Tipo', 'Punto']], ['Alfa Romeo', ['Giulia', 'Stelvio', 'Tonale']], ['Lancia', ['Ypsilon']], ['Volkswagen', ['Golf', 'Polo', 'T-Roc']], ['Renault', ['Clio', 'Captur']], ['Toyota', ['Yaris', 'C-HR']], ['Jeep', ['Renegade', 'Compass']]] as const;

const MONTH_CODES = 'ABCDEHLMPRST';

/** A codice fiscale with the right shape (16 characters: surname, name, birth date, municipality code, check letter). */
export function codiceFiscale(rng: Rng, first: string, last: string, birth: Date, female: boolean): string {
  const consonants = (s: string): string => s.toUpperCase().replace(/[^A-Z]/g, '').replace(/[AEIOU]/g, '');
  const vowels = (s: string): string => s.toUpperCase().replace(/[^AEIOU]/g, '');
  const part = (s: string): string => (consonants(s) + vowels(s) + 'XXX').slice(0, 3);
  const nameCons = consonants(first);
  const namePart = nameCons.length >= 4 ? nameCons[0] + nameCons[2] + nameCons[3] : part(first);
  const day = birth.getUTCDate() + (female ? 40 : 0);
  return `${part(last)}${namePart}${String(birth.getUTCFullYear()).slice(2)}${MONTH_CODES[birth.getUTCMonth()]}${String(day).padStart(2, '0')}${rng.letters(1)}${rng.digits(3)}${rng.letters(1)}`;
}

export const mobilePhone = (rng: Rng): string => `+39${rng.pick(['320', '328', '333', '338', '340', '347', '348', '349', '366', '388', '392'])}${rng.digits(7)}`;
export const emailFor = (rng: Rng, first: string, last: string): string =>
  `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + `${rng.chance(0.4) ? rng.int(1, 99) : ''}@${rng.pick(['gmail.com', 'libero.it', 'alice.it', 'hotmail.it', 'virgilio.it', 'tiscali.it'])}`;
export const isoDate = (d: Date): string => d.toISOString().slice(0, 10);
export const hhmm = (rng: Rng): string => `${String(rng.int(8, 19)).padStart(2, '0')}:${rng.pick(['00', '15', '30', '45'])}`;
