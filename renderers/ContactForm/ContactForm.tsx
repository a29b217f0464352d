import { blueprintTheme } from '../theme';
import { FastForm, type FastFormProps } from './FastForm';

export type { ContactFormHandle } from './FastForm';
export type ContactFormProps = Omit<FastFormProps, 'theme'>;

/** The fast form with the Blueprint theme: the form of the contact screens and the gallery. */
export function ContactForm(props: ContactFormProps) {
  return <FastForm {...props} theme={blueprintTheme} />;
}
