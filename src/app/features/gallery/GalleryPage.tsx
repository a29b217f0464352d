import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RendererLocale } from '@renderers/form-context';
import { useServices } from '../../services/services-context';
import { GalleryView } from './GalleryView';
import { serverFixtureSource } from './server-fixture-source';
import { useGalleryController } from './use-gallery-controller';

/** QA's replay screen and the admins' preview (permission `gallery`; the registry leads everyone else to /403). */
export function GalleryPage() {
  const { api } = useServices();
  const { i18n } = useTranslation();
  const source = useMemo(() => serverFixtureSource(api), [api]);
  // The forms start in the app's language; the picker replays them in the others.
  const locale: RendererLocale = i18n.language === 'en-US' || i18n.language === 'en-GB' ? i18n.language : 'it-IT';
  return <GalleryView c={useGalleryController(source, { locale })} />;
}
