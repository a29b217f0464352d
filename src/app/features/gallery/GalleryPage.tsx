import { Navigate } from 'react-router-dom';
import { useSession } from '../../services/services-context';
import { galleryAllowed } from './gallery-access';
import { GalleryView } from './GalleryView';
import { useGalleryController } from './use-gallery-controller';
import { viteFixtureSource } from './vite-fixture-source';

/** QA's replay screen and the admins' preview: for admins, and always in development. */
export function GalleryPage() {
  const session = useSession();
  return galleryAllowed(session.user?.role, import.meta.env.DEV) ? <AllowedGallery /> : <Navigate to="/403" replace />;
}

function AllowedGallery() {
  const controller = useGalleryController(viteFixtureSource);
  return <GalleryView c={controller} />;
}
