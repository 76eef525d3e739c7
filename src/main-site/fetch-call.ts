/** A main-site call by fetch (fetch-answer.ts says which calls and why), read through the contract. */
import { fromRawAnswer, type AnswerReader, type ApiResult, type CallOptions } from './answer';
import { fetchAnswer, type FetchInit } from './fetch-answer';

export function fetchCall<T>(path: string, init: FetchInit, read: AnswerReader<T>, options?: CallOptions): Promise<ApiResult<T>> {
  return fromRawAnswer(path, fetchAnswer(path, init), read, options);
}
