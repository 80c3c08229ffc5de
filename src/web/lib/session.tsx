import type { User } from '@shared/schemas/user';
import { toast } from '@web/lib/toast';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { he } from '../i18n/he';
import { apiRequest, setUnauthorizedHandler } from './api-client';
import { clearUserData } from './app-worker';

const STORAGE_KEY = 'user';

type SessionState = {
  user: User | null;
  /** True until the first status check has answered. */
  checking: boolean;
  /** True after the user signed out by choice: the signed-in area then sends them home, not to /Login. */
  signedOutByUser: boolean;
  signIn(user: User): void;
  signOut(options?: { byUser?: boolean }): void;
};

const SessionContext = createContext<SessionState | null>(null);

function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

/** The session user: cached in localStorage 'user', confirmed by GET /users/session at start, dropped on any 401. */
export function SessionProvider({
  children,
  deferStoredUser = false,
}: {
  children: ReactNode;
  /** A server-rendered page was rendered for a visitor: the stored user is taken once it has hydrated. */
  deferStoredUser?: boolean;
}) {
  const [user, setUser] = useState<User | null>(() => (deferStoredUser ? null : readStoredUser()));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    if (deferStoredUser) setUser((current) => current ?? readStoredUser());
  }, []);
  const [checking, setChecking] = useState(true);
  const [signedOutByUser, setSignedOutByUser] = useState(false);

  const signIn = useCallback((next: User) => {
    // Another user on this device never sees the last one's kept pages and answers.
    if (readStoredUser()?._id !== next._id) void clearUserData();
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    setSignedOutByUser(false);
    setUser(next);
  }, []);
  const signOut = useCallback((options?: { byUser?: boolean }) => {
    localStorage.removeItem(STORAGE_KEY);
    void clearUserData();
    setSignedOutByUser(options?.byUser === true);
    setUser(null);
  }, []);

  useEffect(() => {
    // A session that ends mid-use (expired, password changed elsewhere, user deactivated) is said out loud.
    setUnauthorizedHandler(() => {
      if (readStoredUser()) toast.info(he.common.sessionEnded, { toastId: 'session-ended' });
      signOut();
    });
    const controller = new AbortController();
    // /users/session answers a visitor with null rather than 401: no error in a visitor's console.
    apiRequest<{ data: { user: User | null } }>('/users/session', { signal: controller.signal })
      .then((res) => (res.data.user ? signIn(res.data.user) : signOut()))
      .catch(() => {})
      .finally(() => setChecking(false));
    return () => controller.abort();
  }, [signIn, signOut]);

  const value = useMemo(
    () => ({ user, checking, signedOutByUser, signIn, signOut }),
    [user, checking, signedOutByUser, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
