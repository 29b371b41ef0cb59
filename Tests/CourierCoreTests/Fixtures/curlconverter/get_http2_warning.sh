curl --http2 localhost:28139
