import { Suspense } from 'react';
import { PageLoading } from '../shell/PageLoading';
import { lazyScreen } from '../ui/lazy-screen';
import type { Screen } from './screens';

/** A registry screen: its chunk behind its own Suspense, given the props its entry names. */
export const ScreenPage = ({ screen }: { screen: Screen }) => {
  const Page = lazyScreen(screen.load);
  return <Suspense fallback={<PageLoading />}><Page {...screen.props} /></Suspense>;
};
