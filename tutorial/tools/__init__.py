"""Developer tools: what makes the sample data, the icons and the message catalogue, and the server."""
