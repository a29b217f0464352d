import type { en } from './en';
import type { enScreens } from './en-screens';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The keys of the entry's texts (signed-out pages and the app's frame); every language has them all. */
export type CoreMessages = Widen<typeof en>;
/** The keys of the signed-in screens' texts; every language has them all. */
export type ScreenMessages = Widen<typeof enScreens>;
/** Every key the app translates. */
export type Messages = CoreMessages & ScreenMessages;
