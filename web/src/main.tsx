import { render } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { AgentDetailPage } from './agents/AgentDetailPage';
import { AgentsPage } from './agents/AgentsPage';
import { NewAgentPage } from './agents/NewAgentPage';
import { api, setCsrfToken, whenUnauthorized, type Session } from './api';
import { ExecutionDetailPage } from './executions/ExecutionDetailPage';
import { ExecutionsPage } from './executions/ExecutionsPage';
import { OverviewPage } from './overview/OverviewPage';
import { match, navigate, useLocation } from './router';
import { SessionContext } from './session/context';
import { SetPasswordPage } from './session/SetPasswordPage';
import { SignInPage } from './session/SignInPage';
import { SettingsPage } from './settings/SettingsPage';
import { Link, Loading } from './ui';
import { Shell } from './ui/Shell';
import { WaitingPage } from './waiting/WaitingPage';
import './styles.css';

const PUBLIC = new Set(['/sign-in', '/setup-password']);

function signInPath(): string {
  const here = location.pathname + location.search;
  const next = here.startsWith('/dashboard') && !here.startsWith('/dashboard/sign-in') ? here : '';
  return next && next !== '/dashboard/' ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in';
}

function App() {
  const loc = useLocation();
  const [session, setSession] = useState<Session | null | undefined>(undefined);

  const refresh = useCallback(async () => {
    try {
      const next = await api<Session>('GET', '/session', undefined, { quiet401: true });
      setCsrfToken(next.csrf_token);
      setSession(next);
    } catch {
      setCsrfToken('');
      setSession(null);
    }
  }, []);

  useEffect(() => {
    whenUnauthorized(() => {
      setCsrfToken('');
      setSession(null);
    });
    void refresh();
  }, [refresh]);

  const isPublic = PUBLIC.has(loc.path);
  useEffect(() => {
    if (session === null && !isPublic) navigate(signInPath(), { replace: true });
  }, [session, isPublic]);

  const signedIn = (next: Session) => {
    setCsrfToken(next.csrf_token);
    setSession(next);
    const target = loc.search.get('next');
    navigate(target && target.startsWith('/dashboard/') ? target : '/', { replace: true });
  };

  const signOut = async () => {
    try {
      await api('DELETE', '/session', undefined, { quiet401: true });
    } finally {
      setCsrfToken('');
      setSession(null);
      navigate('/sign-in', { replace: true });
    }
  };

  if (loc.path === '/sign-in') return <SignInPage onSignedIn={signedIn} />;
  if (loc.path === '/setup-password') return <SetPasswordPage onSignedIn={signedIn} />;
  if (!session) return <Loading />;

  return (
    <SessionContext.Provider value={{ session, refresh, signOut }}>
      <Shell path={loc.path}>
        <Page path={loc.path} search={loc.search} />
      </Shell>
    </SessionContext.Provider>
  );
}

function Page({ path, search }: { path: string; search: URLSearchParams }) {
  let params: Record<string, string> | null;
  if (path === '/') return <OverviewPage />;
  if (path === '/agents') return <AgentsPage />;
  if (path === '/agents/new') return <NewAgentPage />;
  if ((params = match('/agents/:id', path))) return <AgentDetailPage id={params.id} />;
  if (path === '/executions') return <ExecutionsPage search={search} />;
  if ((params = match('/executions/:id', path))) return <ExecutionDetailPage id={params.id} />;
  if (path === '/waiting') return <WaitingPage />;
  if (path === '/settings') return <SettingsPage />;
  return (
    <div class="empty">
      <h1>Page not found</h1>
      <p>
        <Link href="/">Back to the overview</Link>
      </p>
    </div>
  );
}

render(<App />, document.getElementById('app')!);
