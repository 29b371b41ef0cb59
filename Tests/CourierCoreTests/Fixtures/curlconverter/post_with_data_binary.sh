curl 'http://localhost:28139/post' --data-binary '{"title":"china1"}'
