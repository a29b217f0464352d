import { lazy } from 'react';
import { loadSignedInApp } from './early-loads';

// Every screen is its own chunk so that /login loads only what it needs (bundle target in bench/web-bundle.ts).
export const LoginPage = lazy(() => import('../features/login/LoginPage').then((m) => ({ default: m.LoginPage })));
export const ChangePasswordPage = lazy(() => import('../features/change-password/ChangePasswordPage').then((m) => ({ default: m.ChangePasswordPage })));
export const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
export const SignedInApp = lazy(() => loadSignedInApp().then((m) => ({ default: m.SignedInApp })));
