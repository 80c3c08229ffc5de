// The lead domain's public face: the public forms and the intake (intake/), the pipeline (pipeline/).

export { formPostRoutes } from './intake/form-posts';
export { addLead, leadUrl } from './intake/intake';
export { leadRoutes } from './intake/routes';
export { startResponseClock } from './pipeline/clock';
export { leadForViewer, responseMinutesOf } from './pipeline/reads';
export { pipelineRoutes } from './pipeline/routes';
export { createActivity, insertActivity, updateLead } from './pipeline/service';
export { readOfficeHours, readOfficeHoursByBranch } from './pipeline/settings';
export { readableLeads } from './pipeline/visibility';
