/**
 * The one axios instance for the main site's /ajax calls (same origin, cookies sent) and how its
 * transport failures become values a feature can show (spec 8). Only client.ts loads this module, on
 * the first call a visitor's action makes (the form also fetches it as the visitor turns to it): axios is
 * the heaviest library of the site, and the calls a plain visit makes go by fetch (fetch-answer.ts).
 */
import axios, { type AxiosError, type AxiosInstance } from 'axios';
import { ABORTED_ERROR, NETWORK_ERROR, TIMEOUT_ERROR, type ApiError } from './answer';
import { serverErrorOf } from './contract';
import { REQUEST_TIMEOUT_MS } from '../domain/timing';
import { serializeQueryParams } from './query-params';

export const api: AxiosInstance = axios.create({
  baseURL: '/',
  withCredentials: true,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'X-Requested-With': 'XMLHttpRequest' },
  paramsSerializer: { serialize: (params) => serializeQueryParams(params) },
});

type Headers = Record<string, unknown> | undefined;

export const retryAfterOf = (headers: Headers): unknown => headers?.['retry-after'];

export function toApiError(error: unknown): ApiError {
  const axiosError = error as AxiosError;
  if (axios.isCancel(error) || axiosError?.code === 'ERR_CANCELED') return ABORTED_ERROR;
  if (axiosError?.code === 'ECONNABORTED' && /timeout/i.test(axiosError.message)) {
    return { kind: 'timeout', message: axiosError.message, server: null };
  }
  if (axiosError?.code === 'ETIMEDOUT') return TIMEOUT_ERROR;
  if (axiosError?.response) {
    const { status, data, headers } = axiosError.response;
    return { kind: 'http', status, message: axiosError.message, body: data, server: serverErrorOf(data, retryAfterOf(headers as Headers)) };
  }
  if (axiosError?.request || axiosError?.code === 'ERR_NETWORK') return NETWORK_ERROR;
  return { kind: 'invalid', message: error instanceof Error ? error.message : String(error), server: null };
}
