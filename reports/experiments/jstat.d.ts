// The few jStat functions the experiments' statistics use; the package ships no types of its own.
declare module 'jstat' {
  export const jStat: {
    normal: {
      cdf(x: number, mean: number, standardDeviation: number): number;
      inv(p: number, mean: number, standardDeviation: number): number;
    };
    chisquare: {
      cdf(x: number, degreesOfFreedom: number): number;
    };
  };
}
