import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { FloppyDiskIcon } from '@blueprintjs/icons';
import { AppAlert } from '@app/ui/AppAlert';
import { AppButton } from '@app/ui/AppButton';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { createI18nWithScreens } from './support/i18n';

/** A busy button and a busy confirmation keep their name and show a spinner named in the user's language, never Blueprint's "loading". */
const inLanguage = (language: string, node: React.ReactNode) => {
  localStorage.setItem(STORAGE_KEYS.language, language);
  return render(<I18nextProvider i18n={createI18nWithScreens(localStorage)}>{node}</I18nextProvider>);
};

describe('AppButton', () => {
  it.each([
    ['it-IT', 'Caricamento…'],
    ['en-US', 'Loading…'],
  ])('in %s a busy button keeps its name, is disabled and busy, shows a spinner named %s, and keeps its icon and text for its width', (language, name) => {
    const click = jest.fn();
    inLanguage(language, <AppButton icon={<FloppyDiskIcon />} text="Salva" loading onClick={click} />);
    const button = screen.getByRole('button', { name: 'Salva' });
    expect(within(button).getByRole('progressbar', { name })).toBeInTheDocument();
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveClass('bp6-loading');
    expect(button).toHaveTextContent('Salva');
    expect(button.querySelector('[data-icon="floppy-disk"]')).not.toBeNull();
    expect(screen.queryByRole('progressbar', { name: 'loading' })).toBeNull();
    fireEvent.click(button);
    expect(click).not.toHaveBeenCalled();
  });

  it('when not busy it is a plain button named by its text', () => {
    const click = jest.fn();
    inLanguage('it-IT', <AppButton text="Salva" loading={false} onClick={click} />);
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('AppAlert', () => {
  it('confirms and cancels; while busy its confirm keeps its name, shows the spinner in the language, and cancel waits', () => {
    const confirm = jest.fn();
    const cancel = jest.fn();
    const alert = (loading: boolean) => (
      <AppAlert isOpen loading={loading} intent="primary" confirmButtonText="Clona" cancelButtonText="Annulla" onConfirm={confirm} onCancel={cancel}>
        Clonare il contatto?
      </AppAlert>
    );
    const { rerender } = inLanguage('it-IT', alert(false));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Clonare il contatto?');
    fireEvent.click(screen.getByRole('button', { name: 'Clona' }));
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(cancel).toHaveBeenCalledTimes(1);
    rerender(<I18nextProvider i18n={createI18nWithScreens(localStorage)}>{alert(true)}</I18nextProvider>);
    const busy = screen.getByRole('button', { name: 'Clona' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(within(busy).getByRole('progressbar', { name: 'Caricamento…' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Annulla' })).toBeDisabled();
  });

  it('opens with the focus on Cancel, and Escape cancels (but not while the confirmation is under way)', async () => {
    const cancel = jest.fn();
    const alert = (loading: boolean) => (
      <AppAlert isOpen loading={loading} intent="danger" confirmButtonText="Chiudi contatto" cancelButtonText="Annulla" onConfirm={jest.fn()} onCancel={cancel}>
        Chiudere il contatto?
      </AppAlert>
    );
    const { rerender } = inLanguage('it-IT', alert(false));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Annulla' })).toHaveFocus());
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(cancel).toHaveBeenCalledTimes(1);
    rerender(<I18nextProvider i18n={createI18nWithScreens(localStorage)}>{alert(true)}</I18nextProvider>);
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(cancel).toHaveBeenCalledTimes(1);
  });
});
