import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MULTI_FILE_DOWNLOAD_GAP_MS, type BackgroundJob } from '@cd/core';
import { EVENTS_URL, fetchJobs, jobFileUrl, triggerDownload } from './api';
import {
  applyEvent,
  downloadsTurnedDone,
  fromList,
  jobFiles,
  sortedJobs,
  type JobEvent,
  type JobMap,
} from './job-store';

export type JobEventsValue = {
  /** The user's jobs, newest first. */
  jobs: BackgroundJob[];
  /** Whether the list has been read once (before, `jobs` is only what events brought). */
  loaded: boolean;
  /** Adds a job the page learned of from a start answer; a state the stream already sent is kept. */
  upsert: (job: BackgroundJob) => void;
  /** Forgets a job (after a dismiss). */
  remove: (id: string) => void;
  /**
   * Calls `handler` with the data of every `name` event of the same stream (e.g. `sales`, issue 14), so a page
   * needs no stream of its own; returns the unsubscribe function.
   */
  subscribe: (name: ServerEventName, handler: (data: unknown) => void) => () => void;
};

/** Events of GET /events that pages other than the task panel listen to. */
export const SERVER_EVENT_NAMES = ['sales', 'device'] as const;
export type ServerEventName = (typeof SERVER_EVENT_NAMES)[number];

/**
 * What a `sales` or `device` listener is given when the stream has come back after a break: those events are not
 * replayed (only job events are), so any may have been missed — a listener reads its data again.
 */
export const RESYNC = Object.freeze({ resync: true as const });
export const isResync = (data: unknown): data is typeof RESYNC =>
  typeof data === 'object' && data !== null && (data as { resync?: unknown }).resync === true;

const noop = () => undefined;
const JobEventsContext = createContext<JobEventsValue>({
  jobs: [],
  loaded: false,
  upsert: noop,
  remove: noop,
  subscribe: () => noop,
});

/** How long to wait before opening a new stream after the browser gave up on one; doubled up to the cap. */
const RECONNECT_MS = 2000;
const RECONNECT_MAX_MS = 30_000;

type Props = {
  children: ReactNode;
  /** The `sync` event's last_bqsync_time, for the top bar. */
  onSync?: (lastSyncTime: string | null) => void;
  eventsUrl?: string;
};

function parse<T>(data: unknown): T | null {
  try {
    return JSON.parse(String(data)) as T;
  } catch {
    return null;
  }
}

/**
 * One event stream per signed-in app (spec 000 §2.2, §4): the job list is read once, then kept current by the
 * `job` / `job_deleted` events of GET /events. The browser's EventSource reconnects by itself with
 * Last-Event-ID (the server replays what was missed); when it gives up, the list is read again and a new
 * stream opened. Download jobs that turn done while the app is open download their files, 1.5 s apart.
 */
export function JobEventsProvider({ children, onSync, eventsUrl = EVENTS_URL }: Props) {
  const [map, setMap] = useState<JobMap>(() => new Map());
  const [loaded, setLoaded] = useState(false);
  // Events that arrive while the list is being read are applied again on top of the list it answers.
  const buffered = useRef<JobEvent[] | null>(null);
  const fetchSeq = useRef(0);
  const onSyncRef = useRef(onSync);
  onSyncRef.current = onSync;
  const listeners = useRef(new Map<ServerEventName, Set<(data: unknown) => void>>());
  const subscribe = useCallback((name: ServerEventName, handler: (data: unknown) => void) => {
    const set = listeners.current.get(name) ?? new Set();
    set.add(handler);
    listeners.current.set(name, set);
    return () => {
      set.delete(handler);
    };
  }, []);

  const apply = useCallback((event: JobEvent) => {
    buffered.current?.push(event);
    setMap((current) => applyEvent(current, event));
  }, []);

  const refresh = useCallback(async () => {
    const seq = ++fetchSeq.current;
    buffered.current = [];
    try {
      const list = await fetchJobs();
      if (seq !== fetchSeq.current) return;
      const events = buffered.current ?? [];
      buffered.current = null;
      setMap(events.reduce(applyEvent, fromList(list)));
      setLoaded(true);
    } catch {
      // A lost session signs out through the api client; anything else leaves the panel as it was.
      if (seq === fetchSeq.current) buffered.current = null;
    }
  }, []);

  useEffect(() => {
    void refresh();
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = RECONNECT_MS;
    let stopped = false;
    // Whether a stream of this app was ever open: an `open` after that is a return after a break.
    let everOpen = false;

    const connect = () => {
      const current = new EventSource(eventsUrl, { withCredentials: true });
      source = current;
      let opened = false;
      current.addEventListener('open', () => {
        delay = RECONNECT_MS;
        // A new stream (not the browser's own resume with Last-Event-ID) replays nothing: read the list once
        // it is subscribed, so no change falls between the two.
        if (!opened) void refresh();
        opened = true;
        // Back after a break (the browser's resume or a new stream): sales and device events of the gap are not
        // replayed, so their listeners read again.
        if (everOpen)
          for (const name of SERVER_EVENT_NAMES) for (const h of listeners.current.get(name) ?? []) h(RESYNC);
        everOpen = true;
      });
      current.addEventListener('job', (event) => {
        const job = parse<BackgroundJob>((event as MessageEvent).data);
        if (job?.id) apply({ kind: 'job', job });
      });
      current.addEventListener('job_deleted', (event) => {
        const data = parse<{ id?: string }>((event as MessageEvent).data);
        if (data?.id) apply({ kind: 'deleted', id: data.id });
      });
      current.addEventListener('sync', (event) => {
        const data = parse<{ last_bqsync_time?: string | null }>((event as MessageEvent).data);
        if (data) onSyncRef.current?.(data.last_bqsync_time ?? null);
      });
      for (const name of SERVER_EVENT_NAMES) {
        current.addEventListener(name, (event) => {
          const data = parse<unknown>((event as MessageEvent).data);
          for (const handler of listeners.current.get(name) ?? []) handler(data);
        });
      }
      current.addEventListener('error', () => {
        if (stopped || current.readyState !== EventSource.CLOSED) return;
        current.close();
        void refresh();
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
      });
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [eventsUrl, apply, refresh]);

  useAutoDownloads(map);

  const upsert = useCallback((job: BackgroundJob) => apply({ kind: 'started', job }), [apply]);
  const remove = useCallback((id: string) => apply({ kind: 'deleted', id }), [apply]);
  const value = useMemo(
    () => ({ jobs: sortedJobs(map), loaded, upsert, remove, subscribe }),
    [map, loaded, upsert, remove, subscribe],
  );
  return <JobEventsContext.Provider value={value}>{children}</JobEventsContext.Provider>;
}

/** Download jobs seen turning from in_progress to done download every file, MULTI_FILE_DOWNLOAD_GAP_MS apart. */
function useAutoDownloads(map: JobMap): void {
  const previous = useRef<JobMap>(map);
  const done = useRef(new Set<string>());
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    const turned = downloadsTurnedDone(previous.current, map);
    previous.current = map;
    for (const job of turned) {
      if (done.current.has(job.id)) continue;
      done.current.add(job.id);
      jobFiles(job).forEach((_path, index) => {
        const url = jobFileUrl(job.id, index);
        if (index === 0) triggerDownload(url);
        else timers.current.push(setTimeout(() => triggerDownload(url), index * MULTI_FILE_DOWNLOAD_GAP_MS));
      });
    }
  }, [map]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
}

/** The signed-in user's jobs and the means to add or forget one; empty outside the shell. */
export function useJobEvents(): JobEventsValue {
  return useContext(JobEventsContext);
}
