curl --sil 'localhost:28139'
