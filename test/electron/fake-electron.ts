import { EventEmitter } from 'node:events';

/**
 * The one fake of the `electron` module for every main-process and preload test (Electron itself cannot
 * run here). Each test file maps it with
 *
 *   vi.mock('electron', () => import('./fake-electron.ts'));
 *
 * It records what the code under test asked Electron to do (window options, navigation and permission
 * handlers, IPC registrations, protocol handlers, exposed APIs) and offers helpers to play Electron's
 * part (navigate, open a window, invoke an IPC channel, send an event). `fake.reset()` between tests.
 */

type Listener = (...args: never[]) => unknown;

export interface FakeNavigationEvent {
  url: string;
  defaultPrevented: boolean;
  preventDefault(): void;
}

export class FakeWebContents extends EventEmitter {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | null = null;
  readonly sent: { channel: string; args: unknown[] }[] = [];
  destroyed = false;
  url = '';

  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getURL(): string {
    return this.url;
  }

  /** Plays a navigation: true when it was allowed (not prevented). */
  navigate(url: string, event: 'will-navigate' | 'will-redirect' = 'will-navigate'): boolean {
    const e = navigationEvent(url);
    this.emit(event, e, url);
    return !e.defaultPrevented;
  }

  /** Plays window.open / target=_blank: what the window-open handler decided. */
  openWindow(url: string): 'allow' | 'deny' | 'no-handler' {
    return this.windowOpenHandler ? this.windowOpenHandler({ url }).action : 'no-handler';
  }
}

function navigationEvent(url: string): FakeNavigationEvent {
  return {
    url,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

export class BrowserWindow extends EventEmitter {
  readonly webContents = new FakeWebContents();
  readonly options: Record<string, unknown>;
  loadedUrl: string | null = null;
  visible = false;
  destroyed = false;

  constructor(options: Record<string, unknown>) {
    super();
    this.options = options;
    fake.windows.push(this);
    fake.app.emit('web-contents-created', {}, this.webContents);
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    this.webContents.url = url;
    return Promise.resolve();
  }
  show(): void {
    this.visible = true;
  }
  focus(): void {}
  restore(): void {}
  isMinimized(): boolean {
    return false;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  static getAllWindows(): BrowserWindow[] {
    return fake.windows.filter((w) => !w.destroyed);
  }
}

class FakeApp extends EventEmitter {
  name = 'Quartet';
  isPackaged = false;
  readyResolvers: (() => void)[] = [];
  isReadyNow = false;
  lockGranted = true;
  quitCalls = 0;
  paths: Record<string, string> = { userData: '/tmp/quartet-fake-user-data' };
  appPath = '/tmp/quartet-fake-app';

  requestSingleInstanceLock(): boolean {
    return this.lockGranted;
  }
  whenReady(): Promise<void> {
    if (this.isReadyNow) return Promise.resolve();
    return new Promise((resolve) => this.readyResolvers.push(resolve));
  }
  isReady(): boolean {
    return this.isReadyNow;
  }
  /** Plays the `ready` event. */
  becomeReady(): void {
    this.isReadyNow = true;
    for (const resolve of this.readyResolvers.splice(0)) resolve();
    this.emit('ready');
  }
  getPath(name: string): string {
    const p = this.paths[name];
    if (!p) throw new Error(`fake app.getPath: no path for ${name}`);
    return p;
  }
  getAppPath(): string {
    return this.appPath;
  }
  getVersion(): string {
    return '0.0.0-test';
  }
  /** the system language (app.getLocale()); a test sets it to see the menu in another language */
  locale = 'en-US';
  getLocale(): string {
    return this.locale;
  }
  quit(): void {
    this.quitCalls += 1;
  }
  /** the codes app.exit() was called with */
  readonly exitCodes: number[] = [];
  exit(code = 0): void {
    this.exitCodes.push(code);
  }
}

type IpcHandler = (event: unknown, ...args: unknown[]) => unknown;

class FakeIpcMain {
  readonly handlers = new Map<string, IpcHandler>();
  handle(channel: string, handler: IpcHandler): void {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** Plays `ipcRenderer.invoke(channel, ...args)` from a frame with `senderFrame` (url, parent). */
  async invoke(
    channel: string,
    from: { senderFrame: { url: string; parent: unknown } | null; sender?: FakeWebContents },
    ...args: unknown[]
  ): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    const event = {
      senderFrame: from.senderFrame,
      sender: from.sender ?? new FakeWebContents(),
      type: 'frame',
    };
    // Electron structured-clones both ways; so does the fake.
    return structuredClone(await handler(event, ...args.map((a) => structuredClone(a))));
  }
}

class FakeIpcRenderer extends EventEmitter {
  readonly invocations: { channel: string; args: unknown[] }[] = [];
  answer: (channel: string, ...args: unknown[]) => unknown = () => ({ ok: true, value: null });
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invocations.push({ channel, args });
    return Promise.resolve(this.answer(channel, ...args));
  }
  /** Plays `webContents.send(channel, message)` from the main process. */
  deliver(channel: string, message: unknown): void {
    this.emit(channel, { sender: this, senderId: 0, ports: [] }, message);
  }
}

class FakeSession {
  permissionRequestHandler: Listener | null = null;
  permissionCheckHandler: Listener | null = null;
  devicePermissionHandler: Listener | null = null;
  setPermissionRequestHandler(h: Listener | null): void {
    this.permissionRequestHandler = h;
  }
  setPermissionCheckHandler(h: Listener | null): void {
    this.permissionCheckHandler = h;
  }
  setDevicePermissionHandler(h: Listener | null): void {
    this.devicePermissionHandler = h;
  }
  /** Plays a permission request; resolves with what the handler granted (true when there is none: Electron's default). */
  request(permission: string, requestingUrl: string): Promise<boolean> {
    const handler = this.permissionRequestHandler as
      ((wc: unknown, p: string, cb: (granted: boolean) => void, details: unknown) => void) | null;
    if (!handler) return Promise.resolve(true);
    const contents = new FakeWebContents();
    contents.url = requestingUrl;
    return new Promise((resolve) =>
      handler(contents, permission, resolve, { requestingUrl, isMainFrame: true }),
    );
  }
  check(permission: string, requestingOrigin: string): boolean {
    const handler = this.permissionCheckHandler as
      ((wc: unknown, p: string, origin: string, d: unknown) => boolean) | null;
    return handler ? handler(null, permission, requestingOrigin, {}) : true;
  }
}

/** The part of a Request a protocol handler reads. */
export interface ProtocolRequest {
  url: string;
  method: string;
  headers: Headers;
}

class FakeProtocol {
  readonly privileged: { scheme: string; privileges?: Record<string, boolean> }[] = [];
  readonly handlers = new Map<string, (request: ProtocolRequest) => Promise<Response> | Response>();
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges?: Record<string, boolean> }[]): void {
    if (fake.app.isReadyNow)
      throw new Error('registerSchemesAsPrivileged must be called before app is ready');
    this.privileged.push(...schemes);
  }
  handle(scheme: string, handler: (request: ProtocolRequest) => Promise<Response> | Response): void {
    this.handlers.set(scheme, handler);
  }
  /** Plays a request from the page (the URL normalised, as Chromium does for a standard scheme). */
  async fetch(url: string, init?: RequestInit): Promise<Response> {
    return this.#handlerFor(url)(new Request(url, init));
  }
  /** Plays a request whose URL reaches the handler exactly as written (`..` and all): the worst case. */
  async fetchRaw(url: string): Promise<Response> {
    return this.#handlerFor(url)({ url, method: 'GET', headers: new Headers() });
  }
  #handlerFor(url: string): (request: ProtocolRequest) => Promise<Response> | Response {
    const scheme = url.slice(0, url.indexOf(':'));
    const handler = this.handlers.get(scheme);
    if (!handler) throw new Error(`No protocol handler for ${scheme}`);
    return handler;
  }
}

/** Deterministic stand-in for OS encryption: reversible, and the ciphertext never contains the plaintext. */
class FakeSafeStorage {
  available = true;
  backend: 'basic_text' | 'gnome_libsecret' | 'kwallet' | 'kwallet5' | 'kwallet6' | 'unknown' =
    'gnome_libsecret';
  shouldReEncrypt = false;
  calls: string[] = [];
  isAsyncEncryptionAvailable(): Promise<boolean> {
    this.calls.push('isAsyncEncryptionAvailable');
    return Promise.resolve(this.available);
  }
  getSelectedStorageBackend(): string {
    this.calls.push('getSelectedStorageBackend');
    return this.backend;
  }
  encryptStringAsync(plain: string): Promise<Buffer> {
    this.calls.push('encryptStringAsync');
    const bytes = Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a);
    return Promise.resolve(Buffer.concat([Buffer.from('v11'), bytes]));
  }
  decryptStringAsync(data: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }> {
    this.calls.push('decryptStringAsync');
    if (data.subarray(0, 3).toString() !== 'v11')
      return Promise.reject(new Error('Error while decrypting the ciphertext'));
    const plain = Buffer.from(data.subarray(3).map((b) => b ^ 0x5a)).toString('utf8');
    return Promise.resolve({ result: plain, shouldReEncrypt: this.shouldReEncrypt });
  }
  // The deprecated synchronous API: present in Electron 45, and a test asserts it is never used.
  encryptString(): never {
    throw new Error('the synchronous safeStorage API must not be used');
  }
  decryptString(): never {
    throw new Error('the synchronous safeStorage API must not be used');
  }
  isEncryptionAvailable(): never {
    throw new Error('the synchronous safeStorage API must not be used');
  }
}

class FakeDialog {
  /** answers to return, in order */
  saveAnswers: { canceled: boolean; filePath?: string }[] = [];
  openAnswers: { canceled: boolean; filePaths: string[] }[] = [];
  readonly shown: { kind: 'save' | 'open'; options: Record<string, unknown> }[] = [];
  readonly errorBoxes: { title: string; content: string }[] = [];
  showErrorBox(title: string, content: string): void {
    this.errorBoxes.push({ title, content });
  }
  showSaveDialog(...args: unknown[]): Promise<{ canceled: boolean; filePath?: string }> {
    this.shown.push({ kind: 'save', options: args[args.length - 1] as Record<string, unknown> });
    return Promise.resolve(this.saveAnswers.shift() ?? { canceled: true });
  }
  showOpenDialog(...args: unknown[]): Promise<{ canceled: boolean; filePaths: string[] }> {
    this.shown.push({ kind: 'open', options: args[args.length - 1] as Record<string, unknown> });
    return Promise.resolve(this.openAnswers.shift() ?? { canceled: true, filePaths: [] });
  }
}

function createState() {
  return {
    app: new FakeApp(),
    windows: [] as BrowserWindow[],
    ipcMain: new FakeIpcMain(),
    ipcRenderer: new FakeIpcRenderer(),
    session: new FakeSession(),
    protocol: new FakeProtocol(),
    safeStorage: new FakeSafeStorage(),
    dialog: new FakeDialog(),
    exposed: new Map<string, unknown>(),
    openedExternally: [] as string[],
    applicationMenu: null as { template: unknown[] } | null,
  };
}

type State = ReturnType<typeof createState>;

type Fake = State & { reset(): void };

/**
 * The recorded state; `fake.reset()` starts a test afresh. Kept on globalThis so that a test which
 * re-imports modules (vi.resetModules, for an entry point with side effects) still shares one state
 * with the copy of this module that the code under test receives.
 */
const globalSlot = globalThis as { __quartetFakeElectron?: Fake };
export const fake: Fake = (globalSlot.__quartetFakeElectron ??= Object.assign(createState(), {
  reset() {
    // Windows of the previous test are gone, as if the app had restarted.
    for (const w of fake.windows) w.destroyed = true;
    Object.assign(fake, createState());
  },
}));

// ---------- the module surface, as the code under test imports it ----------
// Getters, so that `fake.reset()` swaps the objects the code under test sees.

export const app = new Proxy(
  {} as FakeApp,
  forward(() => fake.app),
);
export const ipcMain = new Proxy(
  {} as FakeIpcMain,
  forward(() => fake.ipcMain),
);
export const ipcRenderer = new Proxy(
  {} as FakeIpcRenderer,
  forward(() => fake.ipcRenderer),
);
export const protocol = new Proxy(
  {} as FakeProtocol,
  forward(() => fake.protocol),
);
export const safeStorage = new Proxy(
  {} as FakeSafeStorage,
  forward(() => fake.safeStorage),
);
export const dialog = new Proxy(
  {} as FakeDialog,
  forward(() => fake.dialog),
);
export const session = {
  get defaultSession(): FakeSession {
    return fake.session;
  },
};
export const contextBridge = {
  exposeInMainWorld(key: string, api: unknown): void {
    if (fake.exposed.has(key)) throw new Error(`Cannot bind an API on top of an existing property: ${key}`);
    fake.exposed.set(key, api);
  },
};
export const shell = {
  openExternal(url: string): Promise<void> {
    fake.openedExternally.push(url);
    return Promise.resolve();
  },
};
export const Menu = {
  buildFromTemplate(template: unknown[]): { template: unknown[] } {
    return { template };
  },
  setApplicationMenu(menu: { template: unknown[] } | null): void {
    fake.applicationMenu = menu;
  },
};

function forward<T extends object>(target: () => T): ProxyHandler<T> {
  return {
    get(_t, prop) {
      const obj = target();
      const value = Reflect.get(obj, prop, obj) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(obj) : value;
    },
    set(_t, prop, value) {
      return Reflect.set(target(), prop, value);
    },
  };
}

export default {
  app,
  ipcMain,
  ipcRenderer,
  protocol,
  safeStorage,
  dialog,
  session,
  contextBridge,
  shell,
  Menu,
  BrowserWindow,
};
