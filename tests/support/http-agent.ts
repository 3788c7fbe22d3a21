import { BACKEND_HEADER } from './round-robin-proxy';
import { TEST_ADMIN } from './test-app';

export interface HttpResponse<T = Record<string, any>> {
  statusCode: number;
  body: { status: string; message: string } & T;
  headers: Headers;
  /** Which backend answered, when the call went through a RoundRobinProxy. */
  backend: number | undefined;
}

export interface CallOptions {
  /** Through a RoundRobinProxy: the backend that must answer (otherwise the next in turn). */
  backend?: number;
  headers?: Record<string, string>;
}

/** Calls a running server (or a proxy in front of several) over real HTTP and keeps cookies like a browser. */
export class HttpAgent {
  private cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  async post<T = Record<string, any>>(
    call: string,
    body: unknown = {},
    options: CallOptions = {},
  ): Promise<HttpResponse<T>> {
    const response = await this.request(`/api/${call}`, options, {
      method: 'POST',
      body: JSON.stringify(body),
      contentType: 'application/json',
    });
    const text = await response.text();
    let parsed: any;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { status: 'not-json', message: text };
    }
    return {
      statusCode: response.status,
      body: parsed,
      headers: response.headers,
      backend: backendOf(response),
    };
  }

  /** A GET to an absolute path (such as `/images/events/1.png`), with this agent's cookies. */
  async get(
    url: string,
    options: CallOptions = {},
  ): Promise<{ statusCode: number; body: Buffer; headers: Headers; backend: number | undefined }> {
    const response = await this.request(url, options, { method: 'GET' });
    const body = Buffer.from(await response.arrayBuffer());
    return { statusCode: response.status, body, headers: response.headers, backend: backendOf(response) };
  }

  async loginClient(email: string, password: string, options: CallOptions = {}): Promise<number> {
    const response = await this.post<{ client_id: number }>(
      'client/login',
      { access: { email, password } },
      options,
    );
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.body.message}`);
    return response.body.client_id;
  }

  async loginAdmin(options: CallOptions = {}): Promise<number> {
    const response = await this.post<{ admin_id: number }>(
      'admin/login',
      { access: { email: TEST_ADMIN.email, password: TEST_ADMIN.password } },
      options,
    );
    if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body.message}`);
    return response.body.admin_id;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Sends a cookie from now on, as a browser that kept an old one (or stole one) would. */
  useCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  private async request(
    url: string,
    options: CallOptions,
    init: { method: string; body?: string; contentType?: string },
  ): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (init.contentType) headers['content-type'] = init.contentType;
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (options.backend !== undefined) headers[BACKEND_HEADER] = String(options.backend);
    const response = await fetch(`${this.baseUrl}${url}`, {
      method: init.method,
      headers,
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    this.store(response.headers.getSetCookie());
    return response;
  }

  private store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const expired = attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.split('=');
        if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(setting).getTime() < Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

function backendOf(response: Response): number | undefined {
  const header = response.headers.get(BACKEND_HEADER);
  return header === null ? undefined : Number(header);
}
