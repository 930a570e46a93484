/** The web's paths of purchase orders (docs/decisions/285): a project's list and one order's page. */
export const ordersPath = (projectId: string) => `/workspace/project/purchase-orders/${encodeURIComponent(projectId)}`;
export const orderPath = (projectId: string, orderId: string) => `${ordersPath(projectId)}/order/${encodeURIComponent(orderId)}`;
