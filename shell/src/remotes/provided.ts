// Shared SDK entries the shell never uses itself but provides to the remotes that do. Module Federation
// provides a shared module only when the host's code refers to it, and a remote takes every SDK entry
// from the host (its own copy is left out of its build), so without this reference a remote's chart
// fails with "Can not get '@console/shared-sdk/charts'". Never called: the reference is what counts, and
// the entry still loads only when a remote draws a chart.
export const providedToRemotes = {
  charts: () => import('@console/shared-sdk/charts'),
};
