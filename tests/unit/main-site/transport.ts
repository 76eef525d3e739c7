import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { api } from '../../../src/main-site/ajax';

// Transport-level stand-in shared by the tests/unit/main-site suites: the real `api` instance runs
// (params, headers, transforms), only the wire — `api.defaults.adapter` — is replaced.
// Each test file gets its own copy of this module (Jest keeps a module registry per file).

const realAdapter = api.defaults.adapter;

/** The request configs the fake wire received in the current test, oldest first; emptied before each test. */
export const sent: InternalAxiosRequestConfig[] = [];

/** Answers every request with `data`; a status of 400 or more is thrown as axios does, an AxiosError carrying the response. */
export function respond(data: unknown, status = 200): void {
  api.defaults.adapter = jest.fn(async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    sent.push(config);
    const response = { data, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
        config,
        {},
        response,
      );
    }
    return response;
  });
}

/** Fails every request with the error `make` builds (network failure, timeout, cancel…). */
export function failWith(make: (config: InternalAxiosRequestConfig) => Error): void {
  api.defaults.adapter = jest.fn(async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    sent.push(config);
    throw make(config);
  });
}

/**
 * What console.warn and console.error were called with in the current test. Both console methods are
 * spied on and silenced for every test, and forward each call here, so these mocks see exactly the
 * calls the spies see; unlike the spies they are the same objects all file long and can be kept in a const.
 */
export interface ConsoleCalls {
  warn: jest.Mock;
  error: jest.Mock;
}

/**
 * Registers, in the calling test file, the hooks around every test: before it, `sent` is emptied and
 * console.warn/console.error are spied on and silenced; after it, the real adapter is put back and
 * every spy is restored (`jest.restoreAllMocks`). Call it once, at the top level of the file.
 */
export function installWire(): ConsoleCalls {
  const calls: ConsoleCalls = { warn: jest.fn().mockName('console.warn'), error: jest.fn().mockName('console.error') };
  beforeEach(() => {
    sent.length = 0;
    calls.warn.mockClear();
    calls.error.mockClear();
    jest.spyOn(console, 'warn').mockImplementation(calls.warn);
    jest.spyOn(console, 'error').mockImplementation(calls.error);
  });
  afterEach(() => {
    api.defaults.adapter = realAdapter;
    jest.restoreAllMocks();
  });
  return calls;
}
